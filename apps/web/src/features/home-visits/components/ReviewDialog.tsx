import { HOME_VISIT_LIMITS, HOME_VISIT_MESSAGES, type HomeVisit } from '@csp/contracts';
import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { errorStatus } from '../../../lib/api.ts';
import { formatDate } from '../../../lib/dates.ts';
import { isStaleEdit } from '../../../lib/edit-conflicts.ts';
import { toastError, toastSuccess } from '../../../lib/notify.ts';
import { useReviewHomeVisitMutation, type ReviewDecision } from '../api/home-visits.api.ts';
import { personName } from '../../../lib/person-name.ts';
import { reviewNotesError, visitErrorText } from '../home-visit-form.ts';

const TEXTS = {
  approve: {
    title: 'Approve Home Visit',
    button: 'Approve',
    color: 'green',
    done: HOME_VISIT_MESSAGES.approved,
    failed: HOME_VISIT_MESSAGES.approveFailed,
    placeholder: 'Optional notes for the teacher',
  },
  reject: {
    title: 'Reject Home Visit',
    button: 'Reject',
    color: 'red',
    done: HOME_VISIT_MESSAGES.rejected,
    failed: HOME_VISIT_MESSAGES.rejectFailed,
    placeholder: 'Why the visit is rejected',
  },
} as const;

function ReviewForm({
  visit,
  decision,
  keptNotes,
  onDone,
  onBusy,
}: {
  visit: HomeVisit;
  decision: ReviewDecision;
  /** Notes typed for this visit in a review refused because the visit had changed. */
  keptNotes: string;
  /** Closes the dialog; `notesToKeep` when the notes are to come back for the visit's next review. */
  onDone: (notesToKeep?: string) => void;
  onBusy: (busy: boolean) => void;
}) {
  const texts = TEXTS[decision];
  const [notes, setNotes] = useState(keptNotes);
  const [error, setError] = useState<string | null>(null);
  const review = useReviewHomeVisitMutation();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const problem = reviewNotesError(decision, notes);
    setError(problem);
    if (problem) return;
    onBusy(true);
    review.mutate(
      { id: visit.id, decision, notes, seen: visit.updatedAt },
      {
        onSuccess: () => {
          toastSuccess(texts.done);
          onDone();
        },
        onError: (err) => {
          toastError(visitErrorText(err, texts.failed));
          // Already reviewed by someone else, changed by the teacher since it was opened, or gone: the queue
          // is refetched (showing the visit as it is now) and this dialog is done. Changed, the visit still
          // waits: the notes come back when it is opened for review again, after reading the changes.
          if (isStaleEdit(err)) onDone(notes);
          else if (errorStatus(err) === 409 || errorStatus(err) === 404) onDone();
        },
        onSettled: () => onBusy(false),
      },
    );
  };

  return (
    <form noValidate onSubmit={submit}>
      <Stack gap="md">
        <Text size="sm">
          {personName(visit.student)} · {formatDate(visit.visitDate)} · by {personName(visit.teacher)}
        </Text>
        <Textarea
          label="Review notes"
          placeholder={texts.placeholder}
          withAsterisk={decision === 'reject'}
          autosize
          minRows={3}
          maxRows={8}
          maxLength={HOME_VISIT_LIMITS.reviewNotesMaxLength}
          value={notes}
          onChange={(e) => {
            setNotes(e.currentTarget.value);
            if (error) setError(null);
          }}
          error={error}
          data-autofocus
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={() => onDone()} disabled={review.isPending}>
            Cancel
          </Button>
          <Button type="submit" color={texts.color} disabled={review.isPending}>
            {review.isPending ? 'Processing...' : texts.button}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * Approve or reject a visit (spec part 2 §2.2, §5 "Review of a visit"): a review-notes field, required
 * (trimmed) to reject — 'Please provide a reason for rejection' is shown and nothing is sent — and
 * optional to approve.
 */
export function ReviewDialog({
  target,
  opened,
  onClose,
}: {
  /** The visit and the decision; kept while the dialog fades out. */
  target: { visit: HomeVisit; decision: ReviewDecision } | null;
  opened: boolean;
  onClose: () => void;
}) {
  const [busy, setBusy] = useState(false);
  /** A refused review's notes, by visit: kept on this page only, and dropped once used or cancelled. */
  const [kept, setKept] = useState<Record<string, string>>({});
  const keep = (visitId: string, notes: string | undefined) =>
    setKept(({ [visitId]: _dropped, ...others }) => (notes ? { ...others, [visitId]: notes } : others));
  return (
    <Modal
      opened={opened && target !== null}
      onClose={() => {
        if (busy) return;
        if (target) keep(target.visit.id, undefined);
        onClose();
      }}
      title={target ? TEXTS[target.decision].title : ''}
      centered
      closeOnClickOutside={!busy}
      closeOnEscape={!busy}
      withCloseButton={!busy}
      styles={{ title: { fontWeight: 700 } }}
    >
      {target && (
        <ReviewForm
          key={`${target.visit.id}-${target.decision}`}
          visit={target.visit}
          decision={target.decision}
          keptNotes={kept[target.visit.id] ?? ''}
          onDone={(notesToKeep) => {
            keep(target.visit.id, notesToKeep);
            onClose();
          }}
          onBusy={setBusy}
        />
      )}
    </Modal>
  );
}
