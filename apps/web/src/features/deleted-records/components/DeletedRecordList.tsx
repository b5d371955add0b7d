import { Button, Flex, Paper, SimpleGrid, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconRestore, IconTrashX } from '@tabler/icons-react';
import { WideTable } from '../../../components/WideTable.tsx';
import { DetailItem } from '../../../components/DetailItem.tsx';
import type { RecordView } from './record-views.tsx';

interface ListProps<T> {
  rows: T[];
  view: RecordView<T>;
  /** What the list is, for assistive technology ('Deleted students'). */
  label: string;
  onRestore: (row: T) => void;
  onDeleteForever: (row: T) => void;
}

function Actions<T>({
  row,
  onRestore,
  onDeleteForever,
  fullWidth,
}: Pick<ListProps<T>, 'onRestore' | 'onDeleteForever'> & { row: T; fullWidth?: boolean }) {
  return (
    <Flex gap="xs" direction={fullWidth ? { base: 'column', xs: 'row' } : 'column'} wrap="nowrap">
      <Button
        size="xs"
        variant="light"
        color="teal"
        leftSection={<IconRestore size={16} aria-hidden />}
        onClick={() => onRestore(row)}
        fullWidth
      >
        Restore
      </Button>
      <Button
        size="xs"
        variant="light"
        color="red"
        leftSection={<IconTrashX size={16} aria-hidden />}
        onClick={() => onDeleteForever(row)}
        fullWidth
      >
        Delete Forever
      </Button>
    </Flex>
  );
}

/**
 * One tab's deleted records: a table on wide screens, a card per record on phones, both with the
 * record's name first, then its facts, then Restore and Delete Forever.
 */
export function DeletedRecordList<T extends { id: string }>(props: ListProps<T>) {
  const { rows, view, label } = props;
  return (
    <>
      <Paper withBorder radius="md" visibleFrom="md" style={{ overflow: 'hidden' }}>
        <WideTable minWidth={860}>
          <Table verticalSpacing="sm" horizontalSpacing="sm" highlightOnHover aria-label={label}>
            <Table.Thead bg="var(--mantine-color-gray-0)">
              <Table.Tr>
                <Table.Th>{view.leadLabel}</Table.Th>
                {view.columns.map((c) => (
                  <Table.Th key={c.label} style={{ whiteSpace: 'nowrap' }}>
                    {c.label}
                  </Table.Th>
                ))}
                <Table.Th>
                  <VisuallyHidden>Actions</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={row.id}>
                  <Table.Td maw={240}>
                    <Text size="sm" fw={600} style={{ overflowWrap: 'break-word' }}>
                      {view.lead(row)}
                    </Text>
                  </Table.Td>
                  {view.columns.map((c) => (
                    <Table.Td key={c.label}>
                      {/* max-content: a badge (which may shrink to an ellipsis) keeps its column wide enough. */}
                      <Text
                        size="sm"
                        component="div"
                        style={c.nowrap ? { width: 'max-content' } : { overflowWrap: 'break-word' }}
                      >
                        {c.cell(row)}
                      </Text>
                    </Table.Td>
                  ))}
                  <Table.Td w={1}>
                    <Actions row={row} {...props} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </WideTable>
      </Paper>

      <Stack
        gap="sm"
        hiddenFrom="md"
        component="ul"
        m={0}
        p={0}
        style={{ listStyle: 'none' }}
        aria-label={label}
      >
        {rows.map((row) => (
          <Paper component="li" key={row.id} withBorder radius="md" p="md" aria-label={view.name(row)}>
            <Stack gap="sm">
              <Title order={2} fz="md" style={{ overflowWrap: 'anywhere' }}>
                {view.lead(row)}
              </Title>
              <SimpleGrid cols={2} spacing="xs" verticalSpacing="xs">
                {view.columns.map((c) => (
                  <div key={c.label} style={c.wide ? { gridColumn: '1 / -1' } : undefined}>
                    <DetailItem label={c.label}>{c.cell(row)}</DetailItem>
                  </div>
                ))}
              </SimpleGrid>
              <Actions row={row} {...props} fullWidth />
            </Stack>
          </Paper>
        ))}
      </Stack>
    </>
  );
}
