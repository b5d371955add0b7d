import { HOME_VISIT_LIMITS, type HomeVisit } from '@csp/contracts';
import { Badge, Box, Button, Collapse, Group, Paper, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconChecklist, IconFilter, IconRuler } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { ListPager } from '../../../components/ListPager.tsx';
import { EmptyPanel, RetryPanel } from '../../../components/ListStates.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { PageLoader } from '../../../components/PageLoader.tsx';
import { useLastPageClamp, useListParams } from '../../../lib/listParams.ts';
import { AdminOnly } from '../../../components/AdminOnly.tsx';
import {
  REVIEW_PAGE_SIZE,
  usePendingTotalQuery,
  usePendingVisitsQuery,
  type ReviewDecision,
} from '../api/home-visits.api.ts';
import { ReviewCard } from '../components/ReviewCard.tsx';
import { ReviewDialog } from '../components/ReviewDialog.tsx';
import { ThresholdPanel } from '../components/ThresholdPanel.tsx';
import { VisitFilterFields, type FilterKey } from '../components/VisitFilterFields.tsx';
import { FILTER_KEYS, filtersFromParams, hasFilters } from '../home-visit-filters.ts';

const TITLE = 'Visit Reviews';

function ReviewQueue() {
  const { params, search, page, update, setPage, searchText, changeSearchText, clearSearch } =
    useListParams();
  const filters = { ...filtersFromParams(params), status: undefined, search: search || undefined };
  const filtered = hasFilters(filters);
  const [filtersOpen, filtersPanel] = useDisclosure(filtered);
  const [thresholdOpen, thresholdPanel] = useDisclosure(false);
  const [target, setTarget] = useState<{ visit: HomeVisit; decision: ReviewDecision } | null>(null);
  const [dialogOpen, dialog] = useDisclosure(false);
  const filtersId = useId();
  const thresholdId = useId();
  const thresholdTitleId = useId();

  const query = usePendingVisitsQuery({ ...filters, page, limit: REVIEW_PAGE_SIZE });
  const allPending = usePendingTotalQuery();
  const total = query.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / REVIEW_PAGE_SIZE));
  useLastPageClamp({ page, pages, settled: Boolean(query.data && !query.isPlaceholderData) });
  const visits = query.data?.items ?? [];

  const choose = (key: FilterKey, value: string) => update({ [key]: value || undefined, page: undefined });
  const clear = () => clearSearch(Object.fromEntries(FILTER_KEYS.map((k) => [k, undefined])));
  const review = (visit: HomeVisit, decision: ReviewDecision) => {
    setTarget({ visit, decision });
    dialog.open();
  };

  const countText =
    query.data && allPending.data !== undefined
      ? `${total} of ${allPending.data} pending ${allPending.data === 1 ? 'review' : 'reviews'}`
      : null;

  return (
    <Stack gap="lg">
      {/* The header and the threshold panel are one item of the page's stack: closed, the panel leaves no gap. */}
      <div>
        <PageHeader
          title={TITLE}
          description="Home visits recorded outside the auto-approval distance, waiting for a decision."
          action={
            <Button
              variant={thresholdOpen ? 'filled' : 'light'}
              leftSection={<IconRuler size={18} aria-hidden />}
              onClick={thresholdPanel.toggle}
              aria-expanded={thresholdOpen}
              aria-controls={thresholdId}
            >
              Distance
            </Button>
          }
        />

        <Collapse in={thresholdOpen} id={thresholdId}>
          {thresholdOpen && (
            <Box pt="lg">
              <ThresholdPanel id={thresholdTitleId} onClose={thresholdPanel.close} />
            </Box>
          )}
        </Collapse>
      </div>

      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
        <Group justify="space-between" gap="sm">
          <Group gap="sm">
            <Button
              variant="subtle"
              onClick={filtersPanel.toggle}
              leftSection={<IconFilter size={16} aria-hidden />}
              aria-expanded={filtersOpen}
              aria-controls={filtersId}
            >
              {filtersOpen ? 'Hide Filters' : 'Show Filters'}
            </Button>
          </Group>
          {countText && (
            <Badge variant="light" color="yellow" size="lg" role="status">
              {countText}
            </Badge>
          )}
        </Group>
        <Collapse in={filtersOpen} id={filtersId}>
          <Stack pt="sm">
            <VisitFilterFields
              filters={filters}
              onChange={choose}
              search={{ text: searchText, onChange: changeSearchText }}
              onClear={filtered || searchText ? clear : undefined}
            />
          </Stack>
        </Collapse>
      </Paper>

      {query.isPending ? (
        <PageLoader label="Loading visits to review" />
      ) : query.isError && !query.data ? (
        <RetryPanel error={query.error} onRetry={() => query.refetch()} />
      ) : visits.length === 0 ? (
        filtered ? (
          <EmptyPanel icon={IconChecklist}>No pending visits match these filters</EmptyPanel>
        ) : (
          <Paper withBorder radius="md" p="xl">
            <Stack align="center" gap="xs">
              <IconChecklist size={36} stroke={1.4} color="var(--mantine-color-teal-text)" aria-hidden />
              <Text fw={700} size="lg">
                All caught up
              </Text>
              <Text c="dimmed" ta="center" size="sm">
                No home visits are waiting for review.
              </Text>
            </Stack>
          </Paper>
        )
      ) : (
        <Stack gap="md" style={{ opacity: query.isPlaceholderData ? 0.6 : 1 }} aria-busy={query.isFetching}>
          <Stack
            gap="md"
            component="ul"
            m={0}
            p={0}
            style={{ listStyle: 'none' }}
            aria-label="Visits to review"
          >
            {visits.map((v) => (
              <ReviewCard key={v.id} visit={v} onReview={review} />
            ))}
          </Stack>
          <ListPager
            page={page}
            pageSize={REVIEW_PAGE_SIZE}
            total={total}
            count={visits.length}
            onChange={setPage}
            label="Review pages"
            buttons={HOME_VISIT_LIMITS.reviewPagerButtons}
          />
        </Stack>
      )}

      <ReviewDialog target={target} opened={dialogOpen} onClose={dialog.close} />
    </Stack>
  );
}

/**
 * /home-visits/review (spec part 2 §2.2 "Review queue", administrators): how many pending visits the
 * filters show of all pending, the distance threshold panel, filters (name search, year, month, date,
 * location) in the address, 10 cards a page with up to 5 page buttons, and Approve / Reject.
 */
export function HomeVisitReviewPage() {
  return (
    <AdminOnly title={TITLE}>
      <ReviewQueue />
    </AdminOnly>
  );
}
