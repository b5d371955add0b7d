import {
  ATTENDANCE_LIMITS,
  ATTENDANCE_MESSAGES,
  ATTENDANCE_PERIOD_LABELS,
  ATTENDANCE_PERIODS,
  ATTENDANCE_STATUSES,
  type Attendance,
  type AttendancePeriod,
  type AttendanceStatus,
} from '@csp/contracts';
import { Button, NativeSelect, Stack, Tabs } from '@mantine/core';
import {
  IconCalendarCheck,
  IconCircleCheck,
  IconCircleX,
  IconClockHour4,
  IconListCheck,
  IconX,
} from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { ListFilters } from '../../../components/ListFilters.tsx';
import { CardGrid, PagedList } from '../../../components/PagedList.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { getErrorMessage } from '../../../lib/api.ts';
import { useListParams } from '../../../lib/listParams.ts';
import { toastError, toastSuccess } from '../../../lib/notify.ts';
import { useOrganisationQuery } from '../../../lib/organisation.ts';
import { AdminOnly } from '../../../components/AdminOnly.tsx';
import { adminAttendanceList, useAttendanceDashboard, useReviewAttendance } from '../api/attendance.api.ts';
import { reviewStatusLabel } from '../attendance-display.ts';
import { FigureTiles } from '../../../components/FigureTiles.tsx';
import { ReviewAttendanceCard } from '../components/ReviewAttendanceCard.tsx';
import { ReviewAttendanceModal } from '../components/ReviewAttendanceModal.tsx';

const TITLE = 'Attendance Review';
const PAGE_SIZE = ATTENDANCE_LIMITS.reviewPageSize;

type Tab = AttendanceStatus | 'ALL';
const TABS: Tab[] = [...ATTENDANCE_STATUSES, 'ALL'];
const tabLabel = (t: Tab) => (t === 'ALL' ? 'All' : reviewStatusLabel(t));

const isOneOf = <T extends string>(values: readonly T[], value: string | null): value is T =>
  value !== null && (values as readonly string[]).includes(value);

const PERIOD_OPTIONS = ATTENDANCE_PERIODS.map((p) => ({
  value: p === 'all' ? '' : p,
  label: ATTENDANCE_PERIOD_LABELS[p],
}));

function ReviewList() {
  const { params, search, page, update, setPage, searchText, changeSearchText, clearSearch } =
    useListParams();
  const statusParam = params.get('status');
  const status: Tab = isOneOf(TABS, statusParam) ? statusParam : 'PENDING';
  const periodParam = params.get('period');
  const period: AttendancePeriod | undefined =
    isOneOf(ATTENDANCE_PERIODS, periodParam) && periodParam !== 'all' ? periodParam : undefined;
  const filters = { search: search.trim() || undefined, period };
  const filtered = Boolean(filters.search || filters.period);

  const timeZone = useOrganisationQuery().data?.timezone;
  const query = adminAttendanceList.usePage({ ...filters, status, page, limit: PAGE_SIZE });
  const counts = useAttendanceDashboard(filters);
  const review = useReviewAttendance();
  const [reviewing, setReviewing] = useState<Attendance | null>(null);

  const stats = counts.data?.stats;

  const chooseTab = (value: string | null) =>
    update({ status: value && value !== 'PENDING' ? value : undefined, page: undefined });
  const choosePeriod = (value: string) => update({ period: value || undefined, page: undefined });
  const clearAll = () => clearSearch({ period: undefined });

  const quickApprove = (record: Attendance) =>
    review.mutate(
      { id: record.id, body: { status: 'APPROVED', adminNotes: ATTENDANCE_MESSAGES.quickApproved } },
      {
        onSuccess: () => toastSuccess(ATTENDANCE_MESSAGES.approved),
        onError: (error) => toastError(getErrorMessage(error, ATTENDANCE_MESSAGES.approveFailed)),
      },
    );
  const approvingId = review.isPending ? review.variables.id : null;

  const list = (
    <PagedList
      query={query}
      page={page}
      pageSize={PAGE_SIZE}
      onPage={setPage}
      loadingLabel="Loading attendance records"
      empty={{
        icon: IconCalendarCheck,
        text: filtered ? 'No attendance records match these filters' : ATTENDANCE_MESSAGES.empty,
      }}
      pagerLabel="Attendance pages"
    >
      {(records) => (
        <CardGrid label="Attendance records" cols={{ base: 1, lg: 2 }}>
          {records.map((record) => (
            <ReviewAttendanceCard
              key={record.id}
              record={record}
              timeZone={timeZone}
              onQuickApprove={quickApprove}
              onFullReview={setReviewing}
              approving={approvingId === record.id}
              busy={review.isPending}
            />
          ))}
        </CardGrid>
      )}
    </PagedList>
  );

  return (
    <Stack gap="lg">
      <PageHeader
        title={TITLE}
        description="Check-ins from all teachers: approve or reject the ones waiting for a decision."
        action={
          <Button
            component={Link}
            to="/attendance"
            variant="light"
            leftSection={<IconListCheck size={18} aria-hidden />}
          >
            Attendance Records
          </Button>
        }
      />

      <FigureTiles
        label="Attendance figures"
        failed={counts.isError}
        figures={[
          { label: 'Total', value: stats?.total, icon: IconCalendarCheck, color: 'indigo' },
          { label: 'Pending', value: stats?.pending, icon: IconClockHour4, color: 'yellow' },
          {
            label: 'Approved',
            value: stats?.approved,
            icon: IconCircleCheck,
            color: 'green',
          },
          { label: 'Rejected', value: stats?.rejected, icon: IconCircleX, color: 'red' },
        ]}
      />

      <ListFilters
        search={{
          label: 'Search teachers',
          placeholder: 'Teacher name or email',
          value: searchText,
          onChange: changeSearchText,
        }}
        actions={
          (filtered || searchText) && (
            <Button
              variant="subtle"
              size="xs"
              onClick={clearAll}
              leftSection={<IconX size={14} aria-hidden />}
            >
              Clear filters
            </Button>
          )
        }
      >
        <NativeSelect
          label="Date"
          data={PERIOD_OPTIONS}
          value={period ?? ''}
          onChange={(e) => choosePeriod(e.currentTarget.value)}
        />
      </ListFilters>

      <Tabs value={status} onChange={chooseTab} keepMounted={false}>
        <Tabs.List grow>
          {TABS.map((t) => (
            <Tabs.Tab key={t} value={t} px={{ base: 6, xs: 'md' }}>
              {tabLabel(t)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {TABS.map((t) => (
          <Tabs.Panel key={t} value={t} pt="md">
            {list}
          </Tabs.Panel>
        ))}
      </Tabs>

      <ReviewAttendanceModal record={reviewing} onClose={() => setReviewing(null)} />
    </Stack>
  );
}

/**
 * /admin/attendance-review (spec part 2 §2.9, administrators): the Pending, Approved, Rejected and All
 * tabs; a search by teacher name or email and a date filter (All Time, Today, This Week, This Month);
 * the Total, Pending, Approved and Rejected counters for the same search and dates; 10 cards a page
 * read from the server, pending ones with Quick Approve, Full Review and View Map. Tab, search, date and
 * page live in the address; a change goes back to page 1.
 */
export function AttendanceReviewPage() {
  return (
    <AdminOnly title={TITLE}>
      <ReviewList />
    </AdminOnly>
  );
}
