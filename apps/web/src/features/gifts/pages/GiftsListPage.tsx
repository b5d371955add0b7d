import { GIFT_MESSAGES } from '@csp/contracts';
import { Badge, Button, Collapse, Group, Paper, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconFilter, IconGift, IconPlus, IconSearch } from '@tabler/icons-react';
import { useId } from 'react';
import { Link } from 'react-router';
import { ListPager } from '../../../components/ListPager.tsx';
import { EmptyPanel, RetryPanel } from '../../../components/ListStates.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { PageLoader } from '../../../components/PageLoader.tsx';
import { useLastPageClamp, useListParams } from '../../../lib/listParams.ts';
import { useCurrentUser } from '../../auth/auth-context.ts';
import { useOrgToday } from '../../organisation/api/organisation.api.ts';
import { GIFTS_PAGE_SIZE, useGiftsQuery } from '../api/gifts.api.ts';
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
  const [filtersOpen, filtersPanel] = useDisclosure(activeCount > 0);
  const panelId = useId();

  const query = useGiftsQuery({
    ...filters,
    teacherId: isAdmin ? filters.teacherId : me.id,
    page,
    limit: GIFTS_PAGE_SIZE,
  });
  const total = query.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / GIFTS_PAGE_SIZE));
  useLastPageClamp({ page, pages, settled: Boolean(query.data && !query.isPlaceholderData) });
  const gifts = query.data?.items ?? [];
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

      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput
              label="Search gifts"
              placeholder="Gift, sub-type, student or teacher"
              leftSection={<IconSearch size={16} aria-hidden />}
              value={searchText}
              onChange={(e) => changeSearchText(e.currentTarget.value)}
              type="search"
            />
          </SimpleGrid>
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
            <GiftFilterFields
              filters={filters}
              onChange={choose}
              thisYear={Number(today.slice(0, 4))}
              teacherId={isAdmin ? undefined : me.id}
              withTeacher={isAdmin}
              onClear={filtered ? clear : undefined}
            />
          </Collapse>
        </Stack>
      </Paper>

      {query.isPending ? (
        <PageLoader label="Loading gifts" />
      ) : query.isError && !query.data ? (
        <RetryPanel error={query.error} onRetry={() => query.refetch()} />
      ) : gifts.length === 0 ? (
        <EmptyPanel icon={IconGift}>{GIFT_MESSAGES.empty}</EmptyPanel>
      ) : (
        <Stack gap="md" style={{ opacity: query.isPlaceholderData ? 0.6 : 1 }} aria-busy={query.isFetching}>
          <SimpleGrid
            cols={{ base: 1, xs: 2, md: 3, xl: 4 }}
            spacing="md"
            component="ul"
            m={0}
            p={0}
            style={{ listStyle: 'none' }}
            aria-label="Gifts"
          >
            {gifts.map((g) => (
              <GiftCard key={g.id} gift={g} withTeacher={isAdmin} />
            ))}
          </SimpleGrid>
          <ListPager
            page={page}
            pageSize={GIFTS_PAGE_SIZE}
            total={total}
            count={gifts.length}
            onChange={setPage}
            label="Gift pages"
          />
        </Stack>
      )}
    </Stack>
  );
}
