import { Button, Flex, Stack } from '@mantine/core';
import { IconChartBar, IconPlus, IconRulerMeasure } from '@tabler/icons-react';
import { Link } from 'react-router';
import { CardGrid, PagedList } from '../../../components/PagedList.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { useListParams } from '../../../lib/listParams.ts';
import { useCurrentUser } from '../../../lib/auth-context.ts';
import { MEASUREMENTS_PAGE_SIZE, measurementList } from '../api/measurements.api.ts';
import { MeasurementsLoadFailure } from '../components/MeasurementBits.tsx';
import { MeasurementCard } from '../components/MeasurementCard.tsx';
import { WaitingRecords } from '../../../components/WaitingRecords.tsx';

/**
 * /measurements (spec part 1 §2 "Measurements"): 12 cards a page read from the server, newest first;
 * teachers' requests carry their own id. The Status Dashboard link is for administrators. A list that
 * cannot be loaded (after one retry) gives the whole page to 'Failed to load measurements'.
 */
export function MeasurementsListPage() {
  const me = useCurrentUser();
  const isAdmin = me.role === 'ADMIN';
  const { page, setPage } = useListParams();
  // Silent: a list that cannot be loaded gives the page to its own failure view, not a toast.
  const query = measurementList.usePage(
    { teacherId: isAdmin ? undefined : me.id, page, limit: MEASUREMENTS_PAGE_SIZE },
    { silent: true },
  );

  if (query.isError && !query.data) return <MeasurementsLoadFailure />;

  return (
    <Stack gap="lg">
      <PageHeader
        title={isAdmin ? 'Measurement Management' : 'Student Measurements'}
        description={
          isAdmin
            ? 'Height and weight of every student, newest first.'
            : 'Height and weight of your students, newest first.'
        }
        action={
          <Flex gap="sm" direction={{ base: 'column', xs: 'row' }}>
            {isAdmin && (
              <Button
                component={Link}
                to="/measurements/status"
                variant="light"
                leftSection={<IconChartBar size={18} aria-hidden />}
              >
                Status Dashboard
              </Button>
            )}
            <Button
              component={Link}
              to="/measurements/create"
              leftSection={<IconPlus size={18} aria-hidden />}
            >
              Record Measurement
            </Button>
          </Flex>
        }
      />

      <WaitingRecords kinds={['measurement']} />
      <PagedList
        query={query}
        page={page}
        pageSize={MEASUREMENTS_PAGE_SIZE}
        onPage={setPage}
        loadingLabel="Loading measurements"
        empty={{ icon: IconRulerMeasure, text: 'No measurements recorded yet' }}
        pagerLabel="Measurement pages"
      >
        {(measurements) => (
          <CardGrid label="Measurements">
            {measurements.map((m) => (
              <MeasurementCard key={m.id} measurement={m} />
            ))}
          </CardGrid>
        )}
      </PagedList>
    </Stack>
  );
}
