import { LEAVE_MESSAGES, type Leave } from '@csp/contracts';
import {
  Badge,
  Button,
  Collapse,
  Group,
  NativeSelect,
  Paper,
  SimpleGrid,
  Stack,
  TextInput,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import {
  IconChartBar,
  IconFilter,
  IconPlaneDeparture,
  IconPlus,
  IconSearch,
  IconX,
} from '@tabler/icons-react';
import { useId } from 'react';
import { Link } from 'react-router';
import { ListPager } from '../../../components/ListPager.tsx';
import { EmptyPanel, RetryPanel } from '../../../components/ListStates.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { PageLoader } from '../../../components/PageLoader.tsx';
import { getErrorMessage } from '../../../lib/api.ts';
import { useLastPageClamp, useListParams } from '../../../lib/listParams.ts';
import { toastError, toastSuccess } from '../../../lib/notify.ts';
import { useCurrentUser } from '../../../lib/auth-context.ts';
import {
  LEAVES_PAGE_SIZE,
  useLeaveSummaryQuery,
  useLeavesQuery,
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
  const activeCount = activeFilterCount(filters);
  const [filtersOpen, filtersPanel] = useDisclosure(activeCount > 0);
  const panelId = useId();

  const query = useLeavesQuery({ ...filters, teacherId: ownId, page, limit: LEAVES_PAGE_SIZE });
  const summary = useLeaveSummaryQuery(filters, ownId);
  const review = useReviewLeaveMutation();
  const total = query.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / LEAVES_PAGE_SIZE));
  useLastPageClamp({ page, pages, settled: Boolean(query.data && !query.isPlaceholderData) });
  const leaves = query.data?.items ?? [];

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

      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
        <Stack gap="sm">
          <TextInput
            label="Search leave applications"
            placeholder={isAdmin ? 'Teacher name or reason' : 'Words in the reason'}
            leftSection={<IconSearch size={16} aria-hidden />}
            type="search"
            value={searchText}
            onChange={(e) => changeSearchText(e.currentTarget.value)}
          />
          <Group justify="space-between" gap="sm">
            <Button
              variant="subtle"
              onClick={filtersPanel.toggle}
              leftSection={<IconFilter size={16} aria-hidden />}
              aria-expanded={filtersOpen}
              aria-controls={panelId}
            >
              Filters
            </Button>
            {activeCount > 0 && (
              <Badge variant="light" color="teal">
                {activeCount} {activeCount === 1 ? 'filter' : 'filters'} on
              </Badge>
            )}
          </Group>
          <Collapse in={filtersOpen} id={panelId}>
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
          </Collapse>
        </Stack>
      </Paper>

      {query.isPending ? (
        <PageLoader label="Loading leave applications" />
      ) : query.isError && !query.data ? (
        <RetryPanel error={query.error} onRetry={() => query.refetch()} />
      ) : leaves.length === 0 ? (
        <EmptyPanel icon={IconPlaneDeparture}>
          {filtered ? 'No leave applications match these filters' : LEAVE_MESSAGES.empty}
        </EmptyPanel>
      ) : (
        <Stack gap="md" style={{ opacity: query.isPlaceholderData ? 0.6 : 1 }} aria-busy={query.isFetching}>
          <SimpleGrid
            cols={{ base: 1, lg: 2 }}
            spacing="md"
            component="ul"
            m={0}
            p={0}
            style={{ listStyle: 'none' }}
            aria-label="Leave applications"
          >
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
          </SimpleGrid>
          <ListPager
            page={page}
            pageSize={LEAVES_PAGE_SIZE}
            total={total}
            count={leaves.length}
            onChange={setPage}
            label="Leave pages"
          />
        </Stack>
      )}
    </Stack>
  );
}
