import { LEAVE_MESSAGES, type Leave } from '@csp/contracts';
import { Button, Group, NativeSelect, SimpleGrid, Stack } from '@mantine/core';
import { IconChartBar, IconPlaneDeparture, IconPlus, IconX } from '@tabler/icons-react';
import { Link } from 'react-router';
import { ListFilters } from '../../../components/ListFilters.tsx';
import { CardGrid, PagedList } from '../../../components/PagedList.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { getErrorMessage } from '../../../lib/api.ts';
import { useListParams } from '../../../lib/listParams.ts';
import { toastError, toastSuccess } from '../../../lib/notify.ts';
import { useCurrentUser } from '../../../lib/auth-context.ts';
import {
  LEAVES_PAGE_SIZE,
  leaveList,
  useLeaveSummaryQuery,
  useReviewLeaveMutation,
} from '../api/leaves.api.ts';
import { LeaveCard } from '../components/LeaveCard.tsx';
import { LeaveStatTiles } from '../components/LeaveStatTiles.tsx';
import {
  LEAVE_APPLIED_OPTIONS,
  LEAVE_FILTER_KEYS,
  LEAVE_STATUS_OPTIONS,
  activeFilterCount,
  hasLeaveFilters,
  leaveFiltersFromParams,
  type LeaveFilterKey,
} from '../leave-filters.ts';
import { WaitingRecords } from '../../../components/WaitingRecords.tsx';

/**
 * /leaves (spec part 2 §2.4 "Leave list"): stat tiles (Total, Pending, Approved, Rejected), a search
 * by teacher name or reason, a Filters panel (status, applied date, Clear all filters) and 10 cards a
 * page read from the server. A teacher sees their own applications and Apply for Leave; an
 * administrator sees every application, the Analytics Dashboard link, and Quick Approve and Full Review
 * on pending ones. Search, filters and page live in the address; a change goes back to page 1.
 */
export function LeavesListPage() {
  const me = useCurrentUser();
  const isAdmin = me.role === 'ADMIN';
  const ownId = isAdmin ? undefined : me.id;
  const { params, search, page, update, setPage, searchText, changeSearchText, clearSearch } =
    useListParams();
  const filters = { ...leaveFiltersFromParams(params), search: search.trim() || undefined };
  const filtered = hasLeaveFilters(filters);

  const query = leaveList.usePage({ ...filters, teacherId: ownId, page, limit: LEAVES_PAGE_SIZE });
  const summary = useLeaveSummaryQuery(filters, ownId);
  const review = useReviewLeaveMutation();

  const choose = (key: LeaveFilterKey, value: string) =>
    update({ [key]: value || undefined, page: undefined });
  const clearAll = () => clearSearch(Object.fromEntries(LEAVE_FILTER_KEYS.map((k) => [k, undefined])));

  const quickApprove = (leave: Leave) =>
    review.mutate(
      { id: leave.id, quick: true },
      {
        onSuccess: () => toastSuccess(LEAVE_MESSAGES.reviewed),
        onError: (error) => toastError(getErrorMessage(error, LEAVE_MESSAGES.reviewFailed)),
      },
    );
  const approvingId = review.isPending && review.variables ? review.variables.id : null;

  return (
    <Stack gap="lg">
      <PageHeader
        title="Leaves"
        description={
          isAdmin
            ? 'Leave applications from all teachers, and the decisions on them.'
            : 'Your leave applications and the decisions on them.'
        }
        action={
          isAdmin ? (
            <Button
              component={Link}
              to="/leaves/dashboard"
              variant="light"
              leftSection={<IconChartBar size={18} aria-hidden />}
            >
              Analytics Dashboard
            </Button>
          ) : (
            <Button component={Link} to="/leaves/apply" leftSection={<IconPlus size={18} aria-hidden />}>
              Apply for Leave
            </Button>
          )
        }
      />

      <section aria-label="Leave figures">
        <LeaveStatTiles summary={summary.data} failed={summary.isError} />
      </section>

      <ListFilters
        search={{
          label: 'Search leave applications',
          placeholder: isAdmin ? 'Teacher name or reason' : 'Words in the reason',
          value: searchText,
          onChange: changeSearchText,
        }}
        cols={1}
        filters={{
          activeCount: activeFilterCount(filters),
          toggleLabel: () => 'Filters',
          children: (
            <Stack gap="sm">
              <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
                <NativeSelect
                  label="Status"
                  data={LEAVE_STATUS_OPTIONS}
                  value={filters.status ?? ''}
                  onChange={(e) => choose('status', e.currentTarget.value)}
                />
                <NativeSelect
                  label="Applied"
                  data={LEAVE_APPLIED_OPTIONS}
                  value={filters.applied ?? ''}
                  onChange={(e) => choose('applied', e.currentTarget.value)}
                />
              </SimpleGrid>
              <Group justify="flex-end">
                <Button
                  variant="subtle"
                  size="xs"
                  onClick={clearAll}
                  disabled={!filtered && !searchText}
                  leftSection={<IconX size={14} aria-hidden />}
                >
                  Clear all filters
                </Button>
              </Group>
            </Stack>
          ),
        }}
      />

      <WaitingRecords kinds={['leave']} />
      <PagedList
        query={query}
        page={page}
        pageSize={LEAVES_PAGE_SIZE}
        onPage={setPage}
        loadingLabel="Loading leave applications"
        empty={{
          icon: IconPlaneDeparture,
          text: filtered ? 'No leave applications match these filters' : LEAVE_MESSAGES.empty,
        }}
        pagerLabel="Leave pages"
      >
        {(leaves) => (
          <CardGrid label="Leave applications" cols={{ base: 1, lg: 2 }}>
            {leaves.map((leave) => (
              <LeaveCard
                key={leave.id}
                leave={leave}
                showTeacher={isAdmin}
                onQuickApprove={isAdmin ? quickApprove : undefined}
                approving={approvingId === leave.id}
                busy={review.isPending}
              />
            ))}
          </CardGrid>
        )}
      </PagedList>
    </Stack>
  );
}
