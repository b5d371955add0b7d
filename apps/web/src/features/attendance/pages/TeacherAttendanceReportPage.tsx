import {
  ATTENDANCE_LIMITS,
  attendanceReportFileName,
  MONTH_NAMES,
  reportYears,
  type TeacherReportsSummaryQuery,
} from '@csp/contracts';
import { Button, Grid, Group, NativeSelect, Paper, Stack, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import {
  IconAlertTriangle,
  IconChartBar,
  IconClockHour4,
  IconDownload,
  IconRefresh,
  IconSearch,
  IconUsers,
} from '@tabler/icons-react';
import { ListPager } from '../../../components/ListPager.tsx';
import { EmptyPanel, RetryPanel } from '../../../components/ListStates.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { PageLoader } from '../../../components/PageLoader.tsx';
import { getErrorMessage } from '../../../lib/api.ts';
import { useLastPageClamp, useListParams } from '../../../lib/listParams.ts';
import { toastError, toastSuccess } from '../../../lib/notify.ts';
import { useTeacherOptionsQuery } from '../../leaves/api/leaves.api.ts';
import { useOrganisationQuery, useOrgToday } from '../../../lib/organisation.ts';
import { AdminOnly } from '../../../components/AdminOnly.tsx';
import { attendanceApi, useTeacherReports, useTeacherReportsSummary } from '../api/attendance.api.ts';
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

  const query = useTeacherReports({ ...filters, page, limit: PAGE_SIZE });
  const summary = useTeacherReportsSummary(filters);
  const teachers = useTeacherOptionsQuery(true);
  const total = query.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  useLastPageClamp({ page, pages, settled: Boolean(query.data && !query.isPlaceholderData) });
  const reports = query.data?.items ?? [];
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

      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
        <Stack gap="sm">
          <Grid gutter="sm">
            <Grid.Col span={{ base: 6, md: 3 }}>
              <NativeSelect
                label="Year"
                data={years.map((y) => ({ value: String(y), label: String(y) }))}
                value={String(year)}
                onChange={(e) => choose('year', e.currentTarget.value, thisYear)}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 6, md: 3 }}>
              <NativeSelect
                label="Month"
                data={MONTH_CHOICES}
                value={String(month)}
                onChange={(e) => choose('month', e.currentTarget.value, thisMonth)}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, xs: 6, md: 3 }}>
              <NativeSelect
                label="Teacher"
                data={[{ value: '', label: 'All teachers' }, ...teacherOptions]}
                value={teacherId ?? ''}
                onChange={(e) => choose('teacherId', e.currentTarget.value)}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, xs: 6, md: 3 }}>
              <TextInput
                label="Search teachers"
                placeholder="Name or email"
                type="search"
                leftSection={<IconSearch size={16} aria-hidden />}
                value={searchText}
                onChange={(e) => changeSearchText(e.currentTarget.value)}
              />
            </Grid.Col>
          </Grid>
          {changed && (
            <Group justify="flex-end">
              <Button
                variant="subtle"
                size="xs"
                leftSection={<IconRefresh size={14} aria-hidden />}
                onClick={reset}
              >
                Reset Filters
              </Button>
            </Group>
          )}
        </Stack>
      </Paper>

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

      {query.isPending ? (
        <PageLoader label="Loading the attendance report" />
      ) : query.isError && !query.data ? (
        <RetryPanel error={query.error} onRetry={() => query.refetch()} />
      ) : reports.length === 0 ? (
        <EmptyPanel icon={IconUsers}>
          {narrowed ? 'No teachers match these filters' : 'No teachers to report on'}
        </EmptyPanel>
      ) : (
        <Stack gap="md" style={{ opacity: query.isPlaceholderData ? 0.6 : 1 }} aria-busy={query.isFetching}>
          <Stack gap="md" component="ul" m={0} p={0} style={{ listStyle: 'none' }} aria-label="Teachers">
            {reports.map((r) => (
              <ReportTeacherCard key={r.teacher.id} report={r} timeZone={timeZone} />
            ))}
          </Stack>
          <ListPager
            page={page}
            pageSize={PAGE_SIZE}
            total={total}
            count={reports.length}
            onChange={setPage}
            label="Report pages"
          />
        </Stack>
      )}
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
