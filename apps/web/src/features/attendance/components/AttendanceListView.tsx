import {
  ATTENDANCE_LIMITS,
  ATTENDANCE_MESSAGES,
  type Attendance,
  type AttendanceStatus,
} from '@csp/contracts';
import { NativeSelect, Stack, Switch } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconClipboardList } from '@tabler/icons-react';
import { useState } from 'react';
import { ListFilters } from '../../../components/ListFilters.tsx';
import { useCurrentUser } from '../../../lib/auth-context.ts';
import { adminAttendanceList, attendanceList, useAttendanceDashboard } from '../api/attendance.api.ts';
import { DashboardCounters } from './AdminDashboard.tsx';
import { DateRangeField, rangeOf, type DateRange } from './DateRangeField.tsx';
import { AttendanceTable } from './AttendanceTable.tsx';
import { ReviewAttendanceModal } from './ReviewAttendanceModal.tsx';
import { PagedTableSection } from './TableSection.tsx';

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
  const own = attendanceList.usePage(
    { startDate, endDate, teacherId: me.id, ...paging },
    { enabled: !isAdmin },
  );
  const all = adminAttendanceList.usePage(
    { startDate, endDate, status, search: search || undefined, ...paging },
    { enabled: isAdmin },
  );
  const query = isAdmin ? all : own;
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
      <ListFilters
        search={
          isAdmin
            ? {
                label: 'Search teachers',
                placeholder: 'Name or email',
                value: searchText,
                onChange: setSearchText,
              }
            : undefined
        }
        cols={{ base: 1, sm: isAdmin ? 3 : 2 }}
      >
        <DateRangeField
          value={range}
          onChange={(v) => {
            setRange(v);
            setPage(1);
          }}
        />
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
      </ListFilters>

      <PagedTableSection
        id="att-records"
        title="Attendance Records"
        query={query}
        page={page}
        pageSize={LIST_PAGE_SIZE}
        onPage={setPage}
        loadingLabel="Loading attendance records"
        empty={{
          icon: IconClipboardList,
          text: filtered ? 'No attendance records match these filters' : ATTENDANCE_MESSAGES.empty,
        }}
        pagerLabel="Attendance record pages"
      >
        {(records) => (
          <AttendanceTable
            records={records}
            labelledBy="att-records"
            showTeacher={isAdmin}
            onReview={isAdmin ? setReviewing : undefined}
          />
        )}
      </PagedTableSection>
      {isAdmin && <ReviewAttendanceModal record={reviewing} onClose={() => setReviewing(null)} />}
    </Stack>
  );
}
