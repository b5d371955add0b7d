import { Button, Stack } from '@mantine/core';
import { IconHome, IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { ListFilters } from '../../../components/ListFilters.tsx';
import { CardGrid, PagedList } from '../../../components/PagedList.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { useListParams } from '../../../lib/listParams.ts';
import { useCurrentUser } from '../../../lib/auth-context.ts';
import { HOME_VISITS_PAGE_SIZE, homeVisitList } from '../api/home-visits.api.ts';
import { HomeVisitCard } from '../components/HomeVisitCard.tsx';
import { VisitFilterFields, type FilterKey } from '../components/VisitFilterFields.tsx';
import { FILTER_KEYS, filterQuery, filtersFromParams, hasFilters } from '../home-visit-filters.ts';
import { WaitingRecords } from '../../../components/WaitingRecords.tsx';

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

  const query = homeVisitList.usePage({
    ...filters,
    teacherId: isTeacher ? me.id : undefined,
    page,
    limit: HOME_VISITS_PAGE_SIZE,
  });

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

      <ListFilters
        filters={{
          activeCount: Object.keys(filterQuery(filters)).length,
          children: (
            <VisitFilterFields
              filters={filters}
              onChange={choose}
              withStatus
              onClear={filtered ? clear : undefined}
            />
          ),
        }}
      />

      <WaitingRecords kinds={['home-visit']} />
      <PagedList
        query={query}
        page={page}
        pageSize={HOME_VISITS_PAGE_SIZE}
        onPage={setPage}
        loadingLabel="Loading home visits"
        empty={{
          icon: IconHome,
          text: filtered ? 'No home visits match these filters' : 'No home visits recorded yet',
        }}
        pagerLabel="Home visit pages"
      >
        {(visits) => (
          <CardGrid label="Home visits">
            {visits.map((v) => (
              <HomeVisitCard key={v.id} visit={v} />
            ))}
          </CardGrid>
        )}
      </PagedList>
    </Stack>
  );
}
