import { isIsoDate } from '@csp/contracts';
import { Button, Paper, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { IconPalette, IconPlus, IconSearch } from '@tabler/icons-react';
import { Link } from 'react-router';
import { DateField } from '../../../components/DateField.tsx';
import { ListPager } from '../../../components/ListPager.tsx';
import { EmptyPanel, RetryPanel } from '../../../components/ListStates.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { PageLoader } from '../../../components/PageLoader.tsx';
import { useLastPageClamp, useListParams } from '../../../lib/listParams.ts';
import { useCurrentUser } from '../../auth/auth-context.ts';
import { ACTIVITIES_PAGE_SIZE, useActivitiesQuery } from '../api/activities.api.ts';
import { ActivityCard } from '../components/ActivityCard.tsx';

/**
 * /activities (spec part 1 §2 "Activities"): a search box (title, description, student's name; 300 ms)
 * and a date filter, 8 cards a page read from the server. Teachers' requests carry their own id and only
 * teachers record activities. Search, date and page live in the address.
 */
export function ActivitiesListPage() {
  const me = useCurrentUser();
  const isTeacher = me.role === 'TEACHER';
  const { params, search, page, update, setPage, searchText, changeSearchText } = useListParams();
  const dateParam = params.get('date') ?? '';
  const date = isIsoDate(dateParam) ? dateParam : '';

  const query = useActivitiesQuery({
    search: search || undefined,
    date: date || undefined,
    teacherId: isTeacher ? me.id : undefined,
    page,
    limit: ACTIVITIES_PAGE_SIZE,
  });
  const total = query.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / ACTIVITIES_PAGE_SIZE));
  useLastPageClamp({ page, pages, settled: Boolean(query.data && !query.isPlaceholderData) });
  const activities = query.data?.items ?? [];

  return (
    <Stack gap="lg">
      <PageHeader
        title="Activities"
        description={
          isTeacher
            ? 'The activities you recorded for your students.'
            : 'Activities the teachers recorded for their students.'
        }
        action={
          isTeacher && (
            <Button component={Link} to="/activities/create" leftSection={<IconPlus size={18} aria-hidden />}>
              Record Activity
            </Button>
          )
        }
      />

      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput
            label="Search activities"
            placeholder="Title, description or student"
            leftSection={<IconSearch size={16} aria-hidden />}
            value={searchText}
            onChange={(e) => changeSearchText(e.currentTarget.value)}
            type="search"
          />
          <DateField
            label="Activity date"
            placeholder="Any date"
            value={date}
            onChange={(v) => update({ date: v || undefined, page: undefined })}
          />
        </SimpleGrid>
      </Paper>

      {query.isPending ? (
        <PageLoader label="Loading activities" />
      ) : query.isError && !query.data ? (
        <RetryPanel error={query.error} onRetry={() => query.refetch()} />
      ) : activities.length === 0 ? (
        <EmptyPanel icon={IconPalette}>No activities</EmptyPanel>
      ) : (
        <Stack gap="md" style={{ opacity: query.isPlaceholderData ? 0.6 : 1 }} aria-busy={query.isFetching}>
          <SimpleGrid
            cols={{ base: 1, xs: 2, md: 3, xl: 4 }}
            spacing="md"
            component="ul"
            m={0}
            p={0}
            style={{ listStyle: 'none' }}
            aria-label="Activities"
          >
            {activities.map((a) => (
              <ActivityCard key={a.id} activity={a} />
            ))}
          </SimpleGrid>
          <ListPager
            page={page}
            pageSize={ACTIVITIES_PAGE_SIZE}
            total={total}
            count={activities.length}
            onChange={setPage}
            label="Activity pages"
          />
        </Stack>
      )}
    </Stack>
  );
}
