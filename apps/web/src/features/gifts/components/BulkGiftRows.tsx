import { GIFT_LIMITS, GIFT_STATUS_LABELS, GIFT_STATUSES, LIMITS, type GiftStatus } from '@csp/contracts';
import {
  ActionIcon,
  Group,
  Loader,
  NativeSelect,
  NumberInput,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { WideTable } from '../../../components/WideTable.tsx';
import { DateField } from '../../../components/DateField.tsx';
import { useStudentByCode } from '../api/gifts.api.ts';
import { amountOf, type BulkField, type BulkRowValues, type RowProblems } from '../bulk-rows.ts';

const STATUS_OPTIONS = GIFT_STATUSES.map((s) => ({ value: s, label: GIFT_STATUS_LABELS[s] }));

/** The table's columns, in order (spec part 2 §2.3 "Bulk gift assignment"), with the row number (3%) and remove (5%) the widths make 100%. */
const COLUMNS: { key: BulkField | 'studentName'; label: string; width: string }[] = [
  { key: 'studentId', label: 'Student ID', width: '11%' },
  { key: 'studentName', label: 'Student name', width: '14.5%' },
  { key: 'giftId', label: 'Gift ID', width: '10%' },
  { key: 'globalSponsorId', label: 'Global sponsor ID', width: '10%' },
  { key: 'giftSubType', label: 'Gift sub type', width: '12%' },
  { key: 'giftDate', label: 'Gift date', width: '13.5%' },
  { key: 'giftStatus', label: 'Status', width: '11%' },
  { key: 'giftAmount', label: 'Amount', width: '10%' },
];

export interface BulkRowsProps {
  rows: BulkRowValues[];
  problems: Record<string, RowProblems>;
  /** Today (the organisation's): the date of rows without one chosen. */
  today: string;
  onChange: (key: string, changes: Partial<BulkRowValues>) => void;
  onRemove: (key: string) => void;
  disabled: boolean;
  /** A table on wide screens; one card a row on narrower ones (phones, tablets, small laptops). */
  layout: 'table' | 'cards';
}

/**
 * The read-only student name, looked up by the typed student ID (300 ms after typing stops): the name,
 * 'No student found', or empty while nothing is typed.
 */
function StudentNameField({
  code,
  label,
  visibleLabel,
}: {
  code: string;
  label: string;
  visibleLabel?: string;
}) {
  const [settled] = useDebouncedValue(code.trim(), LIMITS.searchDebounceMs);
  const { student, looking, known } = useStudentByCode(settled);
  const typing = settled !== code.trim();
  const missing = !typing && known && settled !== '' && !student;
  const value =
    student && !typing ? `${student.firstName} ${student.lastName}` : missing ? 'No student found' : '';
  return (
    <TextInput
      label={visibleLabel}
      aria-label={label}
      value={value}
      readOnly
      tabIndex={-1}
      placeholder={code.trim() ? '' : 'Filled in from the ID'}
      rightSection={looking || typing ? <Loader size="xs" aria-hidden /> : undefined}
      styles={{
        input: {
          background: 'var(--mantine-color-gray-0)',
          color: missing ? 'var(--mantine-color-red-9)' : undefined,
        },
      }}
    />
  );
}

/** The inputs of one row, column by column; labels are visible on cards and spoken in the table. */
function rowCells(
  row: BulkRowValues,
  n: number,
  {
    problems,
    today,
    onChange,
    disabled,
    layout,
  }: Omit<BulkRowsProps, 'rows' | 'onRemove' | 'problems'> & {
    problems?: RowProblems;
  },
): ReactNode[] {
  const inCards = layout === 'cards';
  const common = (key: BulkField | 'studentName', label: string) => ({
    label: inCards ? label : undefined,
    'aria-label': `${label}, row ${n}`,
    error: key === 'studentName' ? undefined : problems?.fields[key],
    disabled,
  });
  const label = (key: string) => COLUMNS.find((c) => c.key === key)?.label ?? key;
  return [
    <TextInput
      key="studentId"
      {...common('studentId', label('studentId'))}
      value={row.studentId}
      maxLength={50}
      onChange={(e) => onChange(row.key, { studentId: e.currentTarget.value })}
    />,
    <StudentNameField
      key="studentName"
      code={row.studentId}
      label={`${label('studentName')}, row ${n}`}
      visibleLabel={inCards ? label('studentName') : undefined}
    />,
    <TextInput
      key="giftId"
      {...common('giftId', label('giftId'))}
      value={row.giftId}
      maxLength={GIFT_LIMITS.codeMaxLength}
      onChange={(e) => onChange(row.key, { giftId: e.currentTarget.value })}
    />,
    <TextInput
      key="globalSponsorId"
      {...common('globalSponsorId', label('globalSponsorId'))}
      value={row.globalSponsorId}
      maxLength={GIFT_LIMITS.codeMaxLength}
      onChange={(e) => onChange(row.key, { globalSponsorId: e.currentTarget.value })}
    />,
    <TextInput
      key="giftSubType"
      {...common('giftSubType', label('giftSubType'))}
      value={row.giftSubType}
      maxLength={GIFT_LIMITS.nameMaxLength}
      onChange={(e) => onChange(row.key, { giftSubType: e.currentTarget.value })}
    />,
    <DateField
      key="giftDate"
      {...common('giftDate', label('giftDate'))}
      clearable={false}
      value={row.giftDate ?? today}
      onChange={(v) => onChange(row.key, { giftDate: v || null })}
    />,
    <NativeSelect
      key="giftStatus"
      {...common('giftStatus', label('giftStatus'))}
      data={STATUS_OPTIONS}
      value={row.giftStatus}
      onChange={(e) => onChange(row.key, { giftStatus: e.currentTarget.value as GiftStatus })}
    />,
    <NumberInput
      key="giftAmount"
      {...common('giftAmount', label('giftAmount'))}
      value={row.giftAmount ?? ''}
      min={0}
      max={GIFT_LIMITS.maxAmount}
      step={0.01}
      decimalScale={2}
      allowNegative={false}
      inputMode="decimal"
      onChange={(v) => onChange(row.key, { giftAmount: amountOf(v) })}
    />,
  ];
}

function RemoveButton({ n, onClick, disabled }: { n: number; onClick: () => void; disabled: boolean }) {
  return (
    <ActionIcon
      variant="subtle"
      color="red"
      size="lg"
      onClick={onClick}
      disabled={disabled}
      aria-label={`Remove row ${n}`}
    >
      <IconTrash size={18} aria-hidden />
    </ActionIcon>
  );
}

function OtherProblems({ problems }: { problems?: RowProblems }) {
  if (!problems?.other.length) return null;
  return (
    <Stack gap={2}>
      {problems.other.map((m) => (
        <Text key={m} size="xs" c="red.8">
          {m}
        </Text>
      ))}
    </Stack>
  );
}

/**
 * The rows of the bulk form: a table on wide screens, a card a row on narrow ones (every input
 * labelled, 'Student ID, row 2'); each row can be removed while more than one is left.
 */
export function BulkGiftRows(props: BulkRowsProps) {
  const { rows, problems, onRemove, disabled, layout } = props;
  const lonely = rows.length <= 1;

  if (layout === 'cards') {
    return (
      <Stack gap="md" component="ul" m={0} p={0} style={{ listStyle: 'none' }} aria-label="Gifts to assign">
        {rows.map((row, i) => {
          const n = i + 1;
          const rowProblems = problems[row.key];
          return (
            <Paper key={row.key} component="li" withBorder radius="md" p="sm" aria-label={`Row ${n}`}>
              <Stack gap="sm">
                <Group justify="space-between" gap="xs">
                  <Text fw={600} size="sm">
                    Row {n}
                  </Text>
                  <RemoveButton n={n} onClick={() => onRemove(row.key)} disabled={disabled || lonely} />
                </Group>
                <SimpleGrid cols={{ base: 1, xs: 2, sm: 3, md: 4 }} spacing="sm" verticalSpacing="xs">
                  {rowCells(row, n, { ...props, problems: rowProblems })}
                </SimpleGrid>
                <OtherProblems problems={rowProblems} />
              </Stack>
            </Paper>
          );
        })}
      </Stack>
    );
  }

  return (
    <WideTable minWidth={1040}>
      <Table verticalSpacing="xs" horizontalSpacing={6} aria-label="Gifts to assign" layout="fixed">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w="3%">#</Table.Th>
            {COLUMNS.map((c) => (
              <Table.Th key={c.key} w={c.width}>
                {c.label}
              </Table.Th>
            ))}
            <Table.Th w="5%">
              <VisuallyHidden>Remove</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.flatMap((row, i) => {
            const n = i + 1;
            const rowProblems = problems[row.key];
            const cells = rowCells(row, n, { ...props, problems: rowProblems });
            const lines = [
              <Table.Tr key={row.key} style={{ verticalAlign: 'top' }}>
                <Table.Td pt={14}>
                  <Text size="sm" c="dimmed">
                    {n}
                  </Text>
                </Table.Td>
                {cells.map((cell, c) => (
                  <Table.Td key={COLUMNS[c].key}>{cell}</Table.Td>
                ))}
                <Table.Td>
                  <RemoveButton n={n} onClick={() => onRemove(row.key)} disabled={disabled || lonely} />
                </Table.Td>
              </Table.Tr>,
            ];
            if (rowProblems?.other.length) {
              lines.push(
                <Table.Tr key={`${row.key}-problems`}>
                  <Table.Td />
                  <Table.Td colSpan={COLUMNS.length + 1} pt={0}>
                    <OtherProblems problems={rowProblems} />
                  </Table.Td>
                </Table.Tr>,
              );
            }
            return lines;
          })}
        </Table.Tbody>
      </Table>
    </WideTable>
  );
}
