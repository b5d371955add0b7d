import { Badge, Button, Collapse, Group, Paper, SimpleGrid, Stack } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconFilter, IconHome, IconPlus } from '@tabler/icons-react';
import { useId } from 'react';
import { Link } from 'react-router';
import { ListPager } from '../../../components/ListPager.tsx';
import { EmptyPanel, RetryPanel } from '../../../components/ListStates.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { PageLoader } from '../../../components/PageLoader.tsx';
import { useLastPageClamp, useListParams } from '../../../lib/listParams.ts';
import { useCurrentUser } from '../../../lib/auth-context.ts';
import { HOME_VISITS_PAGE_SIZE, useHomeVisitsQuery } from '../api/home-visits.api.ts';
import { HomeVisitCard } from '../components/HomeVisitCard.tsx';
import { VisitFilterFields, type FilterKey } from '../components/VisitFilterFields.tsx';
import { FILTER_KEYS, filterQuery, filtersFromParams, hasFilters } from '../home-visit-filters.ts';

/**
 * /home-visits (spec part 2 §2.2 "Home visit list"): collapsible filters (year, month, specific date,
 * status, location), 12 cards a page read from the server. Teachers' requests carry their own id and
 * only teachers record visits. Filters and page live in the address; a filter change goes to page 1.
 */
export function HomeVisitsListPage() {
  const me = useCurrentUser();
  const isTeacher = me.role === 'TEACHER';
  const { params, page, update, setPage } = useListParams();
  // The list has no search box: a search in the address is not applied.
  const filters = { ...filtersFromParams(params), search: undefined };
  const filtered = hasFilters(filters);
  const [filtersOpen, filtersPanel] = useDisclosure(filtered);
  const panelId = useId();

  const query = useHomeVisitsQuery({
    ...filters,
    teacherId: isTeacher ? me.id : undefined,
    page,
    limit: HOME_VISITS_PAGE_SIZE,
  });
  const total = query.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / HOME_VISITS_PAGE_SIZE));
  useLastPageClamp({ page, pages, settled: Boolean(query.data && !query.isPlaceholderData) });
  const visits = query.data?.items ?? [];
  const activeCount = Object.keys(filterQuery(filters)).length;

  const choose = (key: FilterKey, value: string) => update({ [key]: value || undefined, page: undefined });
  const clear = () =>
    update({ ...Object.fromEntries(FILTER_KEYS.map((k) => [k, undefined])), page: undefined });

  return (
    <Stack gap="lg">
      <PageHeader
        title="Home Visits"
        description={
          isTeacher
            ? 'The home visits you recorded for your students.'
            : 'Home visits the teachers recorded for their students.'
        }
        action={
          isTeacher && (
            <Button
              component={Link}
              to="/home-visits/create"
              leftSection={<IconPlus size={18} aria-hidden />}
            >
              Record Home Visit
            </Button>
          )
        }
      />

      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
        <Group justify="space-between" gap="sm">
          <Button
            variant="subtle"
            onClick={filtersPanel.toggle}
            leftSection={<IconFilter size={16} aria-hidden />}
            aria-expanded={filtersOpen}
            aria-controls={panelId}
          >
            {filtersOpen ? 'Hide Filters' : 'Show Filters'}
          </Button>
          {activeCount > 0 && (
            <Badge variant="light" color="teal">
              {activeCount} {activeCount === 1 ? 'filter' : 'filters'} on
            </Badge>
          )}
        </Group>
        <Collapse in={filtersOpen} id={panelId}>
          <Stack pt="sm">
            <VisitFilterFields
              filters={filters}
              onChange={choose}
              withStatus
              onClear={filtered ? clear : undefined}
            />
          </Stack>
        </Collapse>
      </Paper>

      {query.isPending ? (
        <PageLoader label="Loading home visits" />
      ) : query.isError && !query.data ? (
        <RetryPanel error={query.error} onRetry={() => query.refetch()} />
      ) : visits.length === 0 ? (
        <EmptyPanel icon={IconHome}>
          {filtered ? 'No home visits match these filters' : 'No home visits recorded yet'}
        </EmptyPanel>
      ) : (
        <Stack gap="md" style={{ opacity: query.isPlaceholderData ? 0.6 : 1 }} aria-busy={query.isFetching}>
          <SimpleGrid
            cols={{ base: 1, xs: 2, md: 3, xl: 4 }}
            spacing="md"
            component="ul"
            m={0}
            p={0}
            style={{ listStyle: 'none' }}
            aria-label="Home visits"
          >
            {visits.map((v) => (
              <HomeVisitCard key={v.id} visit={v} />
            ))}
          </SimpleGrid>
          <ListPager
            page={page}
            pageSize={HOME_VISITS_PAGE_SIZE}
            total={total}
            count={visits.length}
            onChange={setPage}
            label="Home visit pages"
          />
        </Stack>
      )}
    </Stack>
  );
}
