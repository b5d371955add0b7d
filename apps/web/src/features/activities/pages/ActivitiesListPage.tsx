import { isIsoDate } from '@csp/contracts';
import { Button, Stack } from '@mantine/core';
import { IconPalette, IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { DateField } from '../../../components/DateField.tsx';
import { ListFilters } from '../../../components/ListFilters.tsx';
import { CardGrid, PagedList } from '../../../components/PagedList.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { useListParams } from '../../../lib/listParams.ts';
import { useCurrentUser } from '../../../lib/auth-context.ts';
import { ACTIVITIES_PAGE_SIZE, activityList } from '../api/activities.api.ts';
import { ActivityCard } from '../components/ActivityCard.tsx';
import { WaitingRecords } from '../../../components/WaitingRecords.tsx';
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

  const query = activityList.usePage({
    search: search || undefined,
    date: date || undefined,
    teacherId: isTeacher ? me.id : undefined,
    page,
    limit: ACTIVITIES_PAGE_SIZE,
  });

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

      <ListFilters
        search={{
          label: 'Search activities',
          placeholder: 'Title, description or student',
          value: searchText,
          onChange: changeSearchText,
        }}
      >
        <DateField
          label="Activity date"
          placeholder="Any date"
          value={date}
          onChange={(v) => update({ date: v || undefined, page: undefined })}
        />
      </ListFilters>

      <WaitingRecords kinds={['activity']} />
      <PagedList
        query={query}
        page={page}
        pageSize={ACTIVITIES_PAGE_SIZE}
        onPage={setPage}
        loadingLabel="Loading activities"
        empty={{ icon: IconPalette, text: 'No activities' }}
        pagerLabel="Activity pages"
      >
        {(activities) => (
          <CardGrid label="Activities">
            {activities.map((a) => (
              <ActivityCard key={a.id} activity={a} />
            ))}
          </CardGrid>
        )}
      </PagedList>
    </Stack>
  );
}
