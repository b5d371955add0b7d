import { OFFICE_LOCATION_MESSAGES as M } from '@csp/contracts';
import { Badge, Skeleton, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { WideTable } from '../../../components/WideTable.tsx';
import { PagedList } from '../../../components/PagedList.tsx';
import { DetailPanel } from '../../../components/RecordLayout.tsx';
import { formatDateTime } from '../../../lib/dates.ts';
import { coordinatesText } from '../../../lib/geo.ts';
import { OFFICE_HISTORY_PAGE_SIZE, officeLocationHistory } from '../api/office-location.api.ts';
import { radiusText, setByName } from '../office-location-form.ts';

const TITLE = 'Location History';

/** Every office location set so far, newest first, the active one marked (spec part 2 §2.8). */
export function LocationHistory() {
  const [page, setPage] = useState(1);
  const history = officeLocationHistory.usePage({ page });
  return (
    <DetailPanel title={TITLE}>
      <PagedList
        query={history}
        page={page}
        pageSize={OFFICE_HISTORY_PAGE_SIZE}
        onPage={setPage}
        loadingLabel="Loading location history"
        loading={<Skeleton height={120} />}
        empty={
          <Text size="sm" c="dimmed">
            No office location has been set yet.
          </Text>
        }
        pagerLabel="Location history pages"
        pager="several-pages"
      >
        {(items) => (
          <WideTable minWidth={760} tabIndex={0} role="region" aria-label={TITLE}>
            <Table verticalSpacing="sm" horizontalSpacing="md" striped aria-label={TITLE}>
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
        )}
      </PagedList>
    </DetailPanel>
  );
}
