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
} from '@mantine/core';
import { IconChecklist, IconClipboardCheck } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { WideTable } from '../../../components/WideTable.tsx';
import { formatDate } from '../../../lib/dates.ts';
import { toastError, toastSuccess } from '../../../lib/notify.ts';
import { useSave } from '../../../lib/save.ts';
import { useOrganisationQuery } from '../../../lib/organisation.ts';
import { pendingAttendanceList, useBulkReviewAttendance } from '../api/attendance.api.ts';
import { formatClock, personName } from '../attendance-display.ts';
import { ReviewStatusBadge } from '../../leaves/components/ReviewBits.tsx';
import { LocationCell, TeacherCell } from './AttendanceTable.tsx';
import { PagedTableSection } from './TableSection.tsx';

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
  const pending = pendingAttendanceList.usePage({ page, limit: BULK_PAGE_SIZE });
  const save = useSave({
    mutation: useBulkReviewAttendance(),
    failureText: () => M.bulkFailed,
    onSaved: (answer) => {
      toastSuccess(answer.message);
      setSelected(new Set());
      setNotes('');
    },
    // All or nothing: nothing changed. The list is read again; choose again from what it shows.
    onFailed: () => {
      setSelected(new Set());
      return false;
    },
  });
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
    void save.submit(() => ({ ...body, adminNotes: notes.trim() || undefined }));
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
            <Button type="submit" loading={save.busy} leftSection={<IconChecklist size={16} aria-hidden />}>
              Review Selected
            </Button>
          </Group>
        </Stack>
      </Paper>

      <PagedTableSection
        id="att-bulk"
        title="Pending Records"
        query={pending}
        page={page}
        pageSize={BULK_PAGE_SIZE}
        onPage={setPage}
        loadingLabel="Loading pending records"
        empty={{ icon: IconClipboardCheck, text: 'No records are waiting for review.' }}
        pagerLabel="Pending record pages"
      >
        {(rows) => (
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
                      <TeacherCell record={r} />
                    </Table.Td>
                    <Table.Td style={nowrap}>{formatDate(r.date)}</Table.Td>
                    <Table.Td style={nowrap}>{formatClock(r.checkIn, timeZone)}</Table.Td>
                    <Table.Td miw={180}>
                      <LocationCell record={r} />
                    </Table.Td>
                    <Table.Td>
                      <ReviewStatusBadge status={r.status} style={{ minWidth: 'max-content' }} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </WideTable>
        )}
      </PagedTableSection>
    </Stack>
  );
}
