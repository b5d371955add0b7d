import { ATTENDANCE_LIMITS, ATTENDANCE_MESSAGES as M, bulkReviewAttendanceBodySchema } from '@csp/contracts';
import {
  Button,
  Checkbox,
  Group,
  NativeSelect,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { IconChecklist, IconClipboardCheck } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { WideTable } from '../../../components/WideTable.tsx';
import { ListPager } from '../../../components/ListPager.tsx';
import { EmptyPanel, RetryPanel } from '../../../components/ListStates.tsx';
import { PageLoader } from '../../../components/PageLoader.tsx';
import { formatDate } from '../../../lib/dates.ts';
import { toastError, toastSuccess } from '../../../lib/notify.ts';
import { useOrganisationQuery } from '../../../lib/organisation.ts';
import { useBulkReviewAttendance, usePendingAttendance } from '../api/attendance.api.ts';
import { formatClock, personName } from '../attendance-display.ts';
import { ReviewStatusBadge } from '../../leaves/components/ReviewBits.tsx';
import { RangeBadge } from './AttendanceTable.tsx';

/** Pending records a page in the bulk review table. */
export const BULK_PAGE_SIZE = 50;

const DECISIONS = [
  { value: 'APPROVED', label: 'Approve' },
  { value: 'REJECTED', label: 'Reject' },
];

const nowrap = { whiteSpace: 'nowrap' } as const;

/**
 * The Bulk Review tab (spec part 2 §2.9, §5): the pending records with a checkbox each and a
 * select-all, one decision and optional notes for all the selected ones. None selected → 'Please
 * select at least one record'. The server decides all or none; its message is the success toast, and
 * any failure reads 'Failed to review attendance records'.
 */
export function BulkReview() {
  const timeZone = useOrganisationQuery().data?.timezone;
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [decision, setDecision] = useState<'APPROVED' | 'REJECTED'>('APPROVED');
  const [notes, setNotes] = useState('');
  const pending = usePendingAttendance({ page, limit: BULK_PAGE_SIZE });
  const bulk = useBulkReviewAttendance();
  const rows = pending.data?.items ?? [];

  const onPage = rows.filter((r) => selected.has(r.id)).length;
  const allOnPage = rows.length > 0 && onPage === rows.length;
  const toggleAll = () =>
    setSelected((prev) => {
      const next = new Set(prev);
      for (const r of rows) {
        if (allOnPage) next.delete(r.id);
        else next.add(r.id);
      }
      return next;
    });
  const toggle = (id: string) =>
    setSelected((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const body = { attendanceIds: [...selected], status: decision, adminNotes: notes };
    const checked = bulkReviewAttendanceBodySchema.safeParse(body);
    if (!checked.success) {
      toastError(checked.error.issues[0]?.message ?? M.selectAtLeastOne);
      return;
    }
    bulk.mutate(
      { ...body, adminNotes: notes.trim() || undefined },
      {
        onSuccess: (answer) => {
          toastSuccess(answer.message);
          setSelected(new Set());
          setNotes('');
        },
        // All or nothing: nothing changed. The list is read again; choose again from what it shows.
        onError: () => {
          toastError(M.bulkFailed);
          setSelected(new Set());
        },
      },
    );
  };

  return (
    <Stack gap="md">
      <Paper
        withBorder
        radius="md"
        p={{ base: 'sm', sm: 'md' }}
        component="form"
        noValidate
        onSubmit={submit}
      >
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <NativeSelect
              label="Decision"
              data={DECISIONS}
              value={decision}
              onChange={(e) => setDecision(e.currentTarget.value as 'APPROVED' | 'REJECTED')}
            />
            <Textarea
              label="Admin notes"
              description="Optional; every selected teacher sees them with the decision."
              autosize
              minRows={1}
              maxRows={5}
              maxLength={ATTENDANCE_LIMITS.adminNotesMaxLength}
              value={notes}
              onChange={(e) => setNotes(e.currentTarget.value)}
            />
          </SimpleGrid>
          <Group justify="space-between" gap="sm">
            <Text size="sm" c="dimmed" role="status">
              {selected.size} {selected.size === 1 ? 'record' : 'records'} selected
            </Text>
            <Button
              type="submit"
              loading={bulk.isPending}
              leftSection={<IconChecklist size={16} aria-hidden />}
            >
              Review Selected
            </Button>
          </Group>
        </Stack>
      </Paper>

      <Paper withBorder radius="md" component="section" aria-labelledby="att-bulk">
        <Title order={2} fz="h4" id="att-bulk" px={{ base: 'sm', sm: 'md' }} pt="md" pb="sm">
          Pending Records
        </Title>
        {pending.isPending ? (
          <PageLoader label="Loading pending records" />
        ) : pending.isError && !pending.data ? (
          <Stack p="md">
            <RetryPanel error={pending.error} onRetry={() => void pending.refetch()} />
          </Stack>
        ) : rows.length === 0 ? (
          <Stack p="md">
            <EmptyPanel icon={IconClipboardCheck}>No records are waiting for review.</EmptyPanel>
          </Stack>
        ) : (
          <Stack
            gap={0}
            style={{ opacity: pending.isPlaceholderData ? 0.6 : 1 }}
            aria-busy={pending.isFetching}
          >
            <WideTable minWidth={760} tabIndex={0} role="region" aria-labelledby="att-bulk">
              <Table
                verticalSpacing="sm"
                horizontalSpacing="md"
                striped
                highlightOnHover
                aria-labelledby="att-bulk"
              >
                <Table.Thead bg="var(--mantine-color-gray-0)">
                  <Table.Tr>
                    <Table.Th w={48}>
                      <Checkbox
                        aria-label="Select all"
                        checked={allOnPage}
                        indeterminate={onPage > 0 && !allOnPage}
                        onChange={toggleAll}
                      />
                    </Table.Th>
                    <Table.Th miw={220}>Teacher</Table.Th>
                    <Table.Th style={nowrap}>Date</Table.Th>
                    <Table.Th style={nowrap}>Check-in</Table.Th>
                    <Table.Th miw={180}>Location</Table.Th>
                    <Table.Th style={nowrap}>Status</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {rows.map((r) => (
                    <Table.Tr
                      key={r.id}
                      data-attendance-id={r.id}
                      bg={selected.has(r.id) ? 'var(--mantine-color-teal-0)' : undefined}
                    >
                      <Table.Td>
                        <Checkbox
                          aria-label={`Select ${personName(r.teacher)}, ${formatDate(r.date)}`}
                          checked={selected.has(r.id)}
                          onChange={() => toggle(r.id)}
                        />
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm" fw={600}>
                          {personName(r.teacher)}
                        </Text>
                        <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                          {r.teacher.email}
                        </Text>
                      </Table.Td>
                      <Table.Td style={nowrap}>{formatDate(r.date)}</Table.Td>
                      <Table.Td style={nowrap}>{formatClock(r.checkIn, timeZone)}</Table.Td>
                      <Table.Td miw={180}>
                        <Stack gap={4} align="flex-start">
                          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                            {r.checkInLocationName ?? '—'}
                          </Text>
                          <RangeBadge record={r} />
                        </Stack>
                      </Table.Td>
                      <Table.Td>
                        <ReviewStatusBadge status={r.status} style={{ minWidth: 'max-content' }} />
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </WideTable>
            <Stack p="md">
              <ListPager
                page={page}
                pageSize={BULK_PAGE_SIZE}
                total={pending.data?.total ?? 0}
                count={rows.length}
                onChange={setPage}
                label="Pending record pages"
              />
            </Stack>
          </Stack>
        )}
      </Paper>
    </Stack>
  );
}
