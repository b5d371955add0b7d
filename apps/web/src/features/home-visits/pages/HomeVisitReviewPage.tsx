import { HOME_VISIT_LIMITS, type HomeVisit } from '@csp/contracts';
import { Badge, Box, Button, Collapse, Paper, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconChecklist, IconRuler } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { AdminOnly } from '../../../components/AdminOnly.tsx';
import { ListFilters } from '../../../components/ListFilters.tsx';
import { EmptyPanel } from '../../../components/ListStates.tsx';
import { PagedList } from '../../../components/PagedList.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { useListParams } from '../../../lib/listParams.ts';
import {
  REVIEW_PAGE_SIZE,
  reviewList,
  usePendingTotalQuery,
  type ReviewDecision,
} from '../api/home-visits.api.ts';
import { ReviewCard } from '../components/ReviewCard.tsx';
import { ReviewDialog } from '../components/ReviewDialog.tsx';
import { ThresholdPanel } from '../components/ThresholdPanel.tsx';
import { VisitFilterFields, type FilterKey } from '../components/VisitFilterFields.tsx';
import { FILTER_KEYS, filterQuery, filtersFromParams, hasFilters } from '../home-visit-filters.ts';

const TITLE = 'Visit Reviews';

/** No visit waits at all (the filters narrow nothing). */
function AllCaughtUp() {
  return (
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
  );
}

function ReviewQueue() {
  const { params, search, page, update, setPage, searchText, changeSearchText, clearSearch } =
    useListParams();
  const filters = { ...filtersFromParams(params), status: undefined, search: search || undefined };
  const filtered = hasFilters(filters);
  const [thresholdOpen, thresholdPanel] = useDisclosure(false);
  const [target, setTarget] = useState<{ visit: HomeVisit; decision: ReviewDecision } | null>(null);
  const [dialogOpen, dialog] = useDisclosure(false);
  const thresholdId = useId();
  const thresholdTitleId = useId();

  const query = reviewList.usePage({ ...filters, page, limit: REVIEW_PAGE_SIZE });
  const allPending = usePendingTotalQuery();

  const choose = (key: FilterKey, value: string) => update({ [key]: value || undefined, page: undefined });
  const clear = () => clearSearch(Object.fromEntries(FILTER_KEYS.map((k) => [k, undefined])));
  const review = (visit: HomeVisit, decision: ReviewDecision) => {
    setTarget({ visit, decision });
    dialog.open();
  };

  const countText =
    query.data && allPending.data !== undefined
      ? `${query.data.total} of ${allPending.data} pending ${allPending.data === 1 ? 'review' : 'reviews'}`
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

      <ListFilters
        filters={{
          activeCount: Object.keys(filterQuery(filters)).length,
          aside: countText && (
            <Badge variant="light" color="yellow" size="lg" role="status">
              {countText}
            </Badge>
          ),
          children: (
            <VisitFilterFields
              filters={filters}
              onChange={choose}
              search={{ text: searchText, onChange: changeSearchText }}
              onClear={filtered || searchText ? clear : undefined}
            />
          ),
        }}
      />

      <PagedList
        query={query}
        page={page}
        pageSize={REVIEW_PAGE_SIZE}
        onPage={setPage}
        loadingLabel="Loading visits to review"
        empty={
          filtered ? (
            <EmptyPanel icon={IconChecklist}>No pending visits match these filters</EmptyPanel>
          ) : (
            <AllCaughtUp />
          )
        }
        pagerLabel="Review pages"
        pagerButtons={HOME_VISIT_LIMITS.reviewPagerButtons}
      >
        {(visits) => (
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
        )}
      </PagedList>

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
