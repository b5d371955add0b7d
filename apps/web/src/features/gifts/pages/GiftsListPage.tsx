import { GIFT_MESSAGES } from '@csp/contracts';
import { Button, Stack } from '@mantine/core';
import { IconGift, IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { ListFilters } from '../../../components/ListFilters.tsx';
import { CardGrid, PagedList } from '../../../components/PagedList.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { useListParams } from '../../../lib/listParams.ts';
import { useCurrentUser } from '../../../lib/auth-context.ts';
import { useOrgToday } from '../../../lib/organisation.ts';
import { GIFTS_PAGE_SIZE, giftList } from '../api/gifts.api.ts';
import { GiftCard } from '../components/GiftCard.tsx';
import { GiftFilterFields } from '../components/GiftFilterFields.tsx';
import {
  activeFilterCount,
  GIFT_FILTER_KEYS,
  giftFiltersFromParams,
  type GiftFilterKey,
} from '../gift-filters.ts';

/**
 * /gifts (spec part 2 §2.3 "Gift list"): a search (gift name, sub-type, student, teacher; 300 ms),
 * collapsible filters (year, month, specific date, status, student, and teacher for administrators),
 * 12 cards a page read from the server. Teachers' requests carry their own id (spec §6). Search,
 * filters and page live in the address; a change goes back to page 1. Administrators get Assign Gifts.
 */
export function GiftsListPage() {
  const me = useCurrentUser();
  const isAdmin = me.role === 'ADMIN';
  const today = useOrgToday();
  const { params, page, update, setPage, searchText, changeSearchText, clearSearch } = useListParams();
  const filters = giftFiltersFromParams(params, isAdmin);
  const activeCount = activeFilterCount(filters);
  const query = giftList.usePage({
    ...filters,
    teacherId: isAdmin ? filters.teacherId : me.id,
    page,
    limit: GIFTS_PAGE_SIZE,
  });
  const filtered = activeCount > 0 || Boolean(filters.search);

  const choose = (key: GiftFilterKey, value: string) =>
    update({ [key]: value || undefined, page: undefined });
  const clear = () => clearSearch(Object.fromEntries(GIFT_FILTER_KEYS.map((k) => [k, undefined])));

  return (
    <Stack gap="lg">
      <PageHeader
        title="Gifts"
        description={
          isAdmin
            ? 'Gifts assigned to the students, and their delivery.'
            : 'Gifts for your students: deliver them and keep a photo as evidence.'
        }
        action={
          isAdmin && (
            <Button component={Link} to="/gifts/bulk-assign" leftSection={<IconPlus size={18} aria-hidden />}>
              Assign Gifts
            </Button>
          )
        }
      />

      <ListFilters
        search={{
          label: 'Search gifts',
          placeholder: 'Gift, sub-type, student or teacher',
          value: searchText,
          onChange: changeSearchText,
        }}
        filters={{
          activeCount,
          children: (
            <GiftFilterFields
              filters={filters}
              onChange={choose}
              thisYear={Number(today.slice(0, 4))}
              teacherId={isAdmin ? undefined : me.id}
              withTeacher={isAdmin}
              onClear={filtered ? clear : undefined}
            />
          ),
        }}
      />

      <PagedList
        query={query}
        page={page}
        pageSize={GIFTS_PAGE_SIZE}
        onPage={setPage}
        loadingLabel="Loading gifts"
        empty={{ icon: IconGift, text: GIFT_MESSAGES.empty }}
        pagerLabel="Gift pages"
      >
        {(gifts) => (
          <CardGrid label="Gifts">
            {gifts.map((g) => (
              <GiftCard key={g.id} gift={g} withTeacher={isAdmin} />
            ))}
          </CardGrid>
        )}
      </PagedList>
    </Stack>
  );
}
