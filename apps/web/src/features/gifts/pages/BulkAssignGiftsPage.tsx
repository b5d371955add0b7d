import { GIFT_LIMITS, GIFT_MESSAGES, isCompleteBulkRow } from '@csp/contracts';
import { Alert, Button, Group, Stack, Text, useMatches } from '@mantine/core';
import { IconAlertCircle, IconPlus } from '@tabler/icons-react';
import { useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { BackLink } from '../../../components/BackLink.tsx';
import { PageTitle } from '../../../components/PageTitle.tsx';
import { getErrorMessage } from '../../../lib/api.ts';
import { toastSuccess } from '../../../lib/notify.ts';
import { useSave } from '../../../lib/save.ts';
import { AdminOnly } from '../../../components/AdminOnly.tsx';
import { useOrgToday } from '../../../lib/organisation.ts';
import { bulkRowErrors, useBulkAssignGiftsMutation } from '../api/gifts.api.ts';
import {
  checkSentRows,
  clearProblem,
  newBulkRow,
  NO_COMPLETE_ROW,
  problemRowCount,
  problemsByRow,
  toBulkSubmission,
  withoutRow,
  type BulkField,
  type BulkRowValues,
  type RowProblemMap,
} from '../bulk-rows.ts';
import { BulkGiftRows } from '../components/BulkGiftRows.tsx';

const TITLE = 'Bulk Gift Assignment';

function BulkAssignForm() {
  const navigate = useNavigate();
  const wide = useMatches({ base: false, xl: true }, { getInitialValueInEffect: false });
  const today = useOrgToday();
  /** The rows' keys of the body last sent, in its order: the server's row numbers point into them. */
  const sentKeys = useRef<string[]>([]);
  const save = useSave({
    mutation: useBulkAssignGiftsMutation(),
    failureText: (error) => getErrorMessage(error, GIFT_MESSAGES.assignFailed),
    onSaved: () => {
      toastSuccess(GIFT_MESSAGES.assigned);
      navigate('/gifts');
    },
    onFailed: (error) => {
      const refused = bulkRowErrors(error);
      if (refused.length) {
        const map = problemsByRow(refused, sentKeys.current);
        setProblems(map);
        setFormError(rowsMessage(problemRowCount(map)));
      }
      return false;
    },
  });
  const [rows, setRows] = useState<BulkRowValues[]>(() => [newBulkRow()]);
  const [problems, setProblems] = useState<RowProblemMap>({});
  const [formError, setFormError] = useState<string | null>(null);
  const complete = rows.filter((r) => isCompleteBulkRow(r)).length;
  const toCorrect = problemRowCount(problems);

  const change = (key: string, changes: Partial<BulkRowValues>) => {
    setRows((prev) => prev.map((r) => (r.key === key ? { ...r, ...changes } : r)));
    setProblems((prev) =>
      (Object.keys(changes) as BulkField[]).reduce((map, field) => clearProblem(map, key, field), prev),
    );
    setFormError(null);
  };
  const remove = (key: string) => {
    setRows((prev) => withoutRow(prev, key));
    setProblems((prev) => {
      const next = { ...prev };
      delete next[key];
      return next;
    });
  };
  const add = () =>
    setRows((prev) => (prev.length >= GIFT_LIMITS.bulkMaxRows ? prev : [...prev, newBulkRow()]));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const submission = toBulkSubmission(rows, today);
    if (!submission) {
      setProblems({});
      setFormError(NO_COMPLETE_ROW);
      return;
    }
    const found = checkSentRows(submission.body);
    if (found.length) {
      const map = problemsByRow(found, submission.sentKeys);
      setProblems(map);
      setFormError(rowsMessage(problemRowCount(map)));
      return;
    }
    setProblems({});
    setFormError(null);
    sentKeys.current = submission.sentKeys;
    void save.submit(() => submission.body);
  };

  return (
    <form noValidate onSubmit={submit}>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          Only complete rows are sent: a student ID, a gift ID and an amount above 0. The student&apos;s name
          is filled in from the student ID.
        </Text>
        <BulkGiftRows
          rows={rows}
          problems={problems}
          today={today}
          onChange={change}
          onRemove={remove}
          disabled={save.busy}
          layout={wide ? 'table' : 'cards'}
        />
        <Group justify="space-between" gap="sm">
          <Button
            variant="light"
            onClick={add}
            disabled={save.busy || rows.length >= GIFT_LIMITS.bulkMaxRows}
            leftSection={<IconPlus size={18} aria-hidden />}
          >
            Add Row
          </Button>
          <Text size="sm" c="dimmed" role="status">
            {complete} of {rows.length} {rows.length === 1 ? 'row' : 'rows'} complete
            {toCorrect > 0 && `, ${toCorrect} to correct`}
          </Text>
        </Group>
        {formError && (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} aria-hidden />} role="alert">
            {formError}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button component={Link} to="/gifts" variant="default">
            Cancel
          </Button>
          <Button type="submit" disabled={save.busy}>
            {save.busy ? 'Assigning...' : 'Assign Gifts'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function rowsMessage(count: number): string {
  return count === 1
    ? 'One row needs a correction: see the message in the row.'
    : `${count} rows need a correction: see the messages in the rows.`;
}

/**
 * /gifts/bulk-assign (spec part 2 §2.3 "Bulk gift assignment", §5 "Bulk gifts", §9): a table of rows
 * (student ID with the name filled in, gift ID, global sponsor ID, gift sub type, date (today), status
 * (Pending) and amount); Add Row, remove (one row always stays); only complete rows are sent, all or
 * nothing, and refused rows show their reasons. Administrators only.
 */
export function BulkAssignGiftsPage() {
  return (
    <AdminOnly title={TITLE}>
      <Stack gap="lg">
        <Stack gap={6}>
          <BackLink to="/gifts">Back to Gifts</BackLink>
          <PageTitle>{TITLE}</PageTitle>
        </Stack>
        <BulkAssignForm />
      </Stack>
    </AdminOnly>
  );
}
