import {
  ATTENDANCE_LIMITS,
  attendanceReportFileName,
  MONTH_NAMES,
  reportYears,
  type TeacherReportsSummaryQuery,
} from '@csp/contracts';
import { Button, NativeSelect, Stack } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import {
  IconAlertTriangle,
  IconChartBar,
  IconClockHour4,
  IconDownload,
  IconRefresh,
  IconUsers,
} from '@tabler/icons-react';
import { ListFilters } from '../../../components/ListFilters.tsx';
import { CardGrid, PagedList } from '../../../components/PagedList.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { getErrorMessage } from '../../../lib/api.ts';
import { useListParams } from '../../../lib/listParams.ts';
import { toastError, toastSuccess } from '../../../lib/notify.ts';
import { useTeacherOptionsQuery } from '../../leaves/api/leaves.api.ts';
import { useOrganisationQuery, useOrgToday } from '../../../lib/organisation.ts';
import { AdminOnly } from '../../../components/AdminOnly.tsx';
import { attendanceApi, teacherReportList, useTeacherReportsSummary } from '../api/attendance.api.ts';
import { personName } from '../attendance-display.ts';
import { FigureTiles } from '../../../components/FigureTiles.tsx';
import { ReportTeacherCard } from '../components/ReportTeacherCard.tsx';

const TITLE = 'Teacher Attendance Report';
const PAGE_SIZE = ATTENDANCE_LIMITS.reportPageSize;

const MONTH_CHOICES = MONTH_NAMES.map((label, i) => ({ value: String(i + 1), label }));

const wholeIn = (text: string | null, allowed: readonly number[]): number | undefined => {
  if (!text || !/^\d+$/.test(text)) return undefined;
  const n = Number(text);
  return allowed.includes(n) ? n : undefined;
};

function Report() {
  const today = useOrgToday();
  const thisYear = Number(today.slice(0, 4));
  const thisMonth = Number(today.slice(5, 7));
  const years = reportYears(thisYear);
  const { params, search, page, update, setPage, searchText, changeSearchText, clearSearch } =
    useListParams();
  const year = wholeIn(params.get('year'), years) ?? thisYear;
  const month = wholeIn(params.get('month'), [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]) ?? thisMonth;
  const teacherId = params.get('teacherId')?.trim() || undefined;
  const filters: TeacherReportsSummaryQuery = {
    year,
    month,
    teacherId,
    search: search.trim() || undefined,
  };
  const narrowed = Boolean(teacherId || filters.search);
  const timeZone = useOrganisationQuery().data?.timezone;

  const query = teacherReportList.usePage({ ...filters, page, limit: PAGE_SIZE });
  const summary = useTeacherReportsSummary(filters);
  const teachers = useTeacherOptionsQuery(true);
  const figures = summary.data;

  const exporter = useMutation({
    mutationFn: () => attendanceApi.exportReports(filters, attendanceReportFileName(year, month)),
    onSuccess: (name) => toastSuccess(`Report exported: ${name}`),
    onError: (error) => toastError(getErrorMessage(error, 'Failed to export the attendance report')),
  });

  const teacherOptions = (teachers.data ?? []).map((t) => ({ value: t.id, label: personName(t) }));
  if (teacherId && !teacherOptions.some((o) => o.value === teacherId)) {
    teacherOptions.unshift({
      value: teacherId,
      label: teachers.isPending ? 'Loading...' : 'Unknown teacher',
    });
  }

  /** The defaults (this year, this month) stay out of the address. */
  const choose = (key: 'year' | 'month' | 'teacherId', value: string, fallback?: number) =>
    update({ [key]: value && value !== String(fallback) ? value : undefined, page: undefined });
  const reset = () => clearSearch({ year: undefined, month: undefined, teacherId: undefined });
  const changed = narrowed || year !== thisYear || month !== thisMonth || Boolean(searchText);

  return (
    <Stack gap="lg">
      <PageHeader
        title={TITLE}
        description={`Each teacher's attendance in ${MONTH_NAMES[month - 1]} ${year}: days, times and hours.`}
        action={
          <Button
            leftSection={<IconDownload size={18} aria-hidden />}
            onClick={() => exporter.mutate()}
            loading={exporter.isPending}
          >
            Export CSV
          </Button>
        }
      />

      <ListFilters
        search={{
          label: 'Search teachers',
          placeholder: 'Name or email',
          value: searchText,
          onChange: changeSearchText,
        }}
        cols={{ base: 1, xs: 2, md: 4 }}
        actions={
          changed && (
            <Button
              variant="subtle"
              size="xs"
              leftSection={<IconRefresh size={14} aria-hidden />}
              onClick={reset}
            >
              Reset Filters
            </Button>
          )
        }
      >
        <NativeSelect
          label="Year"
          data={years.map((y) => ({ value: String(y), label: String(y) }))}
          value={String(year)}
          onChange={(e) => choose('year', e.currentTarget.value, thisYear)}
        />
        <NativeSelect
          label="Month"
          data={MONTH_CHOICES}
          value={String(month)}
          onChange={(e) => choose('month', e.currentTarget.value, thisMonth)}
        />
        <NativeSelect
          label="Teacher"
          data={[{ value: '', label: 'All teachers' }, ...teacherOptions]}
          value={teacherId ?? ''}
          onChange={(e) => choose('teacherId', e.currentTarget.value)}
        />
      </ListFilters>

      <FigureTiles
        label="Report figures"
        failed={summary.isError}
        figures={[
          {
            label: 'Total Teachers',
            value: figures?.totalTeachers,
            icon: IconUsers,
            color: 'indigo',
          },
          {
            label: 'Avg Attendance',
            value: figures ? `${figures.averageAttendance}%` : undefined,
            icon: IconChartBar,
            color: 'green',
          },
          {
            label: 'Pending Reviews',
            value: figures?.pendingReviews,
            icon: IconClockHour4,
            color: 'yellow',
          },
          {
            label: 'Total Absents',
            value: figures?.totalAbsents,
            icon: IconAlertTriangle,
            color: 'red',
          },
        ]}
      />

      <PagedList
        query={query}
        page={page}
        pageSize={PAGE_SIZE}
        onPage={setPage}
        loadingLabel="Loading the attendance report"
        empty={{
          icon: IconUsers,
          text: narrowed ? 'No teachers match these filters' : 'No teachers to report on',
        }}
        pagerLabel="Report pages"
      >
        {(reports) => (
          <CardGrid label="Teachers" cols={1}>
            {reports.map((r) => (
              <ReportTeacherCard key={r.teacher.id} report={r} timeZone={timeZone} />
            ))}
          </CardGrid>
        )}
      </PagedList>
    </Stack>
  );
}

/**
 * /admin/teacher-attendance-report (spec part 2 §2.9, administrators): year (this and the two before),
 * month, teacher and a name or email search; 'Export CSV' of the month for the same filters; the Total
 * Teachers, Avg Attendance, Pending Reviews and Total Absents tiles; 5 teacher cards a page read from
 * the server. Filters and page live in the address; a change goes back to page 1.
 */
export function TeacherAttendanceReportPage() {
  return (
    <AdminOnly title={TITLE}>
      <Report />
    </AdminOnly>
  );
}
