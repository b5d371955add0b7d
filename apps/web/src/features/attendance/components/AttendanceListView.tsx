import {
  ATTENDANCE_LIMITS,
  ATTENDANCE_MESSAGES,
  type Attendance,
  type AttendanceStatus,
} from '@csp/contracts';
import { NativeSelect, Paper, SimpleGrid, Stack, Switch, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconClipboardList, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { ListPager } from '../../../components/ListPager.tsx';
import { EmptyPanel, RetryPanel } from '../../../components/ListStates.tsx';
import { PageLoader } from '../../../components/PageLoader.tsx';
import { useCurrentUser } from '../../../lib/auth-context.ts';
import { useAdminAttendance, useAttendanceDashboard, useAttendanceList } from '../api/attendance.api.ts';
import { DashboardCounters } from './AdminDashboard.tsx';
import { DateRangeField, rangeOf, type DateRange } from './DateRangeField.tsx';
import { AttendanceTable } from './AttendanceTable.tsx';
import { ReviewAttendanceModal } from './ReviewAttendanceModal.tsx';

export const LIST_PAGE_SIZE = ATTENDANCE_LIMITS.reviewPageSize;

export const STATUS_FILTER_OPTIONS = [
  { value: 'ALL', label: 'All statuses' },
  { value: 'PENDING', label: 'Pending' },
  { value: 'APPROVED', label: 'Approved' },
  { value: 'REJECTED', label: 'Rejected' },
];
export type StatusFilter = AttendanceStatus | 'ALL';

/** The admin's counters above the list, read only while they are shown. */
function ListDashboard() {
  const dashboard = useAttendanceDashboard({});
  return <DashboardCounters stats={dashboard.data?.stats} failed={dashboard.isError} />;
}

/**
 * The list view (spec part 2 §2.9): a date picker (a day or a range), the records table and its server
 * pages. A teacher sees their own records; an administrator everyone's, with a teacher search, a status
 * filter, the admin-dashboard toggle and 'Review' on pending rows. Any filter change goes back to page 1.
 */
export function AttendanceListView() {
  const me = useCurrentUser();
  const isAdmin = me.role === 'ADMIN';
  const [range, setRange] = useState<DateRange>([null, null]);
  const [searchText, setSearchText] = useState('');
  const [search] = useDebouncedValue(searchText.trim(), 300);
  const [status, setStatus] = useState<StatusFilter>('ALL');
  const [page, setPage] = useState(1);
  const [showDashboard, setShowDashboard] = useState(false);
  const [reviewing, setReviewing] = useState<Attendance | null>(null);
  const [lastSearch, setLastSearch] = useState(search);
  if (search !== lastSearch) {
    setLastSearch(search);
    setPage(1);
  }

  const { startDate, endDate } = rangeOf(range);
  const paging = { page, limit: LIST_PAGE_SIZE };
  const own = useAttendanceList({ startDate, endDate, teacherId: me.id, ...paging }, !isAdmin);
  const all = useAdminAttendance(
    { startDate, endDate, status, search: search || undefined, ...paging },
    isAdmin,
  );
  const query = isAdmin ? all : own;
  const records = query.data?.items ?? [];
  const total = query.data?.total ?? 0;
  const filtered = Boolean(startDate || search || status !== 'ALL');

  return (
    <Stack gap="md">
      {isAdmin && (
        <Switch
          label="Show admin dashboard"
          checked={showDashboard}
          onChange={(e) => setShowDashboard(e.currentTarget.checked)}
        />
      )}
      {isAdmin && showDashboard && (
        <section aria-label="Attendance counters">
          <ListDashboard />
        </section>
      )}
      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
        <SimpleGrid cols={{ base: 1, sm: isAdmin ? 3 : 2 }} spacing="sm">
          <DateRangeField
            value={range}
            onChange={(v) => {
              setRange(v);
              setPage(1);
            }}
          />
          {isAdmin && (
            <TextInput
              label="Search teachers"
              placeholder="Name or email"
              type="search"
              leftSection={<IconSearch size={16} aria-hidden />}
              value={searchText}
              onChange={(e) => setSearchText(e.currentTarget.value)}
            />
          )}
          {isAdmin && (
            <NativeSelect
              label="Status"
              data={STATUS_FILTER_OPTIONS}
              value={status}
              onChange={(e) => {
                setStatus(e.currentTarget.value as StatusFilter);
                setPage(1);
              }}
            />
          )}
        </SimpleGrid>
      </Paper>

      <Paper withBorder radius="md" component="section" aria-labelledby="att-records">
        <Title order={2} fz="h4" id="att-records" px={{ base: 'sm', sm: 'md' }} pt="md" pb="sm">
          Attendance Records
        </Title>
        {query.isPending ? (
          <PageLoader label="Loading attendance records" />
        ) : query.isError && !query.data ? (
          <Stack p="md">
            <RetryPanel error={query.error} onRetry={() => void query.refetch()} />
          </Stack>
        ) : records.length === 0 ? (
          <Stack p="md">
            <EmptyPanel icon={IconClipboardList}>
              {filtered ? 'No attendance records match these filters' : ATTENDANCE_MESSAGES.empty}
            </EmptyPanel>
          </Stack>
        ) : (
          <Stack gap={0} style={{ opacity: query.isPlaceholderData ? 0.6 : 1 }} aria-busy={query.isFetching}>
            <AttendanceTable
              records={records}
              labelledBy="att-records"
              showTeacher={isAdmin}
              onReview={isAdmin ? setReviewing : undefined}
            />
            <Stack p="md">
              <ListPager
                page={page}
                pageSize={LIST_PAGE_SIZE}
                total={total}
                count={records.length}
                onChange={setPage}
                label="Attendance record pages"
              />
            </Stack>
          </Stack>
        )}
      </Paper>
      {isAdmin && <ReviewAttendanceModal record={reviewing} onClose={() => setReviewing(null)} />}
    </Stack>
  );
}
