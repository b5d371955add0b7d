import { OFFICE_LOCATION_MESSAGES as M } from '@csp/contracts';
import { Badge, Paper, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { WideTable } from '../../../components/WideTable.tsx';
import { ListPager } from '../../../components/ListPager.tsx';
import { RetryPanel } from '../../../components/ListStates.tsx';
import { formatDateTime } from '../../../lib/dates.ts';
import { coordinatesText } from '../../../lib/geo.ts';
import { OFFICE_HISTORY_PAGE_SIZE, useOfficeLocationHistoryQuery } from '../api/office-location.api.ts';
import { radiusText, setByName } from '../office-location-form.ts';

const HEADING_ID = 'office-location-history';

/** Every office location set so far, newest first, the active one marked (spec part 2 §2.8). */
export function LocationHistory() {
  const [page, setPage] = useState(1);
  const history = useOfficeLocationHistoryQuery(page);
  const items = history.data?.items ?? [];
  return (
    <Paper withBorder radius="md" component="section" aria-labelledby={HEADING_ID}>
      <Stack gap={0}>
        <Title order={2} fz="h4" id={HEADING_ID} px={{ base: 'md', sm: 'lg' }} pt="md" pb="sm">
          Location History
        </Title>
        {history.isPending ? (
          <Skeleton height={120} mx="md" mb="md" width="auto" />
        ) : history.isError ? (
          <Stack p="md">
            <RetryPanel error={history.error} onRetry={() => void history.refetch()} />
          </Stack>
        ) : items.length === 0 ? (
          <Text size="sm" c="dimmed" px={{ base: 'md', sm: 'lg' }} pb="md">
            No office location has been set yet.
          </Text>
        ) : (
          <>
            <WideTable minWidth={760} tabIndex={0} role="region" aria-labelledby={HEADING_ID}>
              <Table verticalSpacing="sm" horizontalSpacing="md" striped aria-labelledby={HEADING_ID}>
                <Table.Thead bg="var(--mantine-color-gray-0)">
                  <Table.Tr>
                    <Table.Th w={110}>Status</Table.Th>
                    <Table.Th>Coordinates</Table.Th>
                    <Table.Th miw={200}>Address</Table.Th>
                    <Table.Th>Radius</Table.Th>
                    <Table.Th>Set by</Table.Th>
                    <Table.Th>Date</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {items.map((row) => (
                    <Table.Tr key={row.id}>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>
                        <Badge
                          style={{ minWidth: 'max-content' }}
                          color={row.isActive ? 'teal' : 'gray'}
                          variant="light"
                        >
                          {row.isActive ? 'Active' : 'Inactive'}
                        </Badge>
                      </Table.Td>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>
                        {coordinatesText(row.latitude, row.longitude)}
                      </Table.Td>
                      <Table.Td miw={200} style={{ overflowWrap: 'anywhere' }}>
                        {row.address || M.notSpecified}
                      </Table.Td>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>{radiusText(row.radiusMeters)}</Table.Td>
                      <Table.Td>{setByName(row.setBy)}</Table.Td>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(row.createdAt)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </WideTable>
            {history.data.total > OFFICE_HISTORY_PAGE_SIZE && (
              <Stack p="md">
                <ListPager
                  page={page}
                  pageSize={OFFICE_HISTORY_PAGE_SIZE}
                  total={history.data.total}
                  count={items.length}
                  onChange={setPage}
                  label="Location history pages"
                />
              </Stack>
            )}
          </>
        )}
      </Stack>
    </Paper>
  );
}
