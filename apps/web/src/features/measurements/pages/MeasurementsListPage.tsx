import { Button, Flex, SimpleGrid, Stack } from '@mantine/core';
import { IconChartBar, IconPlus, IconRulerMeasure } from '@tabler/icons-react';
import { Link } from 'react-router';
import { ListPager } from '../../../components/ListPager.tsx';
import { EmptyPanel } from '../../../components/ListStates.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { PageLoader } from '../../../components/PageLoader.tsx';
import { useLastPageClamp, useListParams } from '../../../lib/listParams.ts';
import { useCurrentUser } from '../../../lib/auth-context.ts';
import { MEASUREMENTS_PAGE_SIZE, useMeasurementsQuery } from '../api/measurements.api.ts';
import { MeasurementsLoadFailure } from '../components/MeasurementBits.tsx';
import { MeasurementCard } from '../components/MeasurementCard.tsx';

/**
 * /measurements (spec part 1 §2 "Measurements"): 12 cards a page read from the server, newest first;
 * teachers' requests carry their own id. The Status Dashboard link is for administrators. A list that
 * cannot be loaded (after one retry) gives the whole page to 'Failed to load measurements'.
 */
export function MeasurementsListPage() {
  const me = useCurrentUser();
  const isAdmin = me.role === 'ADMIN';
  const { page, setPage } = useListParams();
  const query = useMeasurementsQuery({
    teacherId: isAdmin ? undefined : me.id,
    page,
    limit: MEASUREMENTS_PAGE_SIZE,
  });
  const total = query.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / MEASUREMENTS_PAGE_SIZE));
  useLastPageClamp({ page, pages, settled: Boolean(query.data && !query.isPlaceholderData) });

  if (query.isError && !query.data) return <MeasurementsLoadFailure />;
  const measurements = query.data?.items ?? [];

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

      {query.isPending ? (
        <PageLoader label="Loading measurements" />
      ) : measurements.length === 0 ? (
        <EmptyPanel icon={IconRulerMeasure}>No measurements recorded yet</EmptyPanel>
      ) : (
        <Stack gap="md" style={{ opacity: query.isPlaceholderData ? 0.6 : 1 }} aria-busy={query.isFetching}>
          <SimpleGrid
            cols={{ base: 1, xs: 2, md: 3, xl: 4 }}
            spacing="md"
            component="ul"
            m={0}
            p={0}
            style={{ listStyle: 'none' }}
            aria-label="Measurements"
          >
            {measurements.map((m) => (
              <MeasurementCard key={m.id} measurement={m} />
            ))}
          </SimpleGrid>
          <ListPager
            page={page}
            pageSize={MEASUREMENTS_PAGE_SIZE}
            total={total}
            count={measurements.length}
            onChange={setPage}
            label="Measurement pages"
          />
        </Stack>
      )}
    </Stack>
  );
}
