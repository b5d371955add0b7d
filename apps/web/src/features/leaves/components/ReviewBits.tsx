import {
  Badge,
  Button,
  Flex,
  Group,
  NativeSelect,
  Stack,
  Text,
  Textarea,
  Title,
  type BadgeProps,
} from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconCheck, IconClipboardCheck } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { DetailItem } from '../../../components/DetailItem.tsx';
import { reviewStatusColor, reviewStatusLabel } from '../../../lib/review-status.ts';

/**
 * What leaves and attendance records share: both are reviewed by an administrator, Pending, then
 * Approved or Rejected, with notes for the teacher (spec part 2 §2.4, §2.9).
 */

/** Pending (yellow), Approved (green) or Rejected (red). */
export function ReviewStatusBadge({
  status,
  ...props
}: { status: string } & Omit<BadgeProps, 'color' | 'children'>) {
  return (
    <Badge variant="light" color={reviewStatusColor(status)} {...props}>
      {reviewStatusLabel(status)}
    </Badge>
  );
}

/** A review card's top: its title, the line under it and the status badge. */
export function ReviewCardHeading({
  title,
  subtitle,
  status,
}: {
  title: string;
  subtitle: ReactNode;
  status: string;
}) {
  return (
    <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
      <div style={{ minWidth: 0 }}>
        <Title order={2} fz="md" style={{ overflowWrap: 'anywhere' }}>
          {title}
        </Title>
        <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {subtitle}
        </Text>
      </div>
      <ReviewStatusBadge status={status} style={{ flexShrink: 0 }} />
    </Group>
  );
}

/** Text a person wrote (a reason, notes): its lines kept, long words broken, `lines` at most. */
export function WrittenText({ children, lines }: { children: ReactNode; lines?: number }) {
  return (
    <Text size="sm" lineClamp={lines} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
      {children}
    </Text>
  );
}

/** The decision's box on a card: the admin's notes ('No notes'), then who reviewed it and when. */
export function ReviewNotesBox({ notes, children }: { notes: string | null; children?: ReactNode }) {
  return (
    <Stack
      gap="xs"
      p="sm"
      bg="var(--mantine-color-gray-0)"
      style={{ borderRadius: 'var(--mantine-radius-md)' }}
    >
      <DetailItem label="Admin notes" fallback="No notes">
        {notes && <WrittenText lines={4}>{notes}</WrittenText>}
      </DetailItem>
      {children}
    </Stack>
  );
}

/**
 * A pending card's decisions: Full Review (a page, or a dialog) and Quick Approve. One decision is sent
 * at a time: `busy` while another card's is.
 */
export function QuickDecisionButtons({
  fullReview,
  onQuickApprove,
  approving,
  busy,
}: {
  /** The review page's address, or what opens the review dialog. */
  fullReview: string | (() => void);
  onQuickApprove: () => void;
  approving: boolean;
  busy: boolean;
}) {
  const common = { variant: 'default', leftSection: <IconClipboardCheck size={16} aria-hidden /> } as const;
  return (
    <Flex direction={{ base: 'column', xs: 'row' }} justify="flex-end" gap="xs" mt="auto">
      {typeof fullReview === 'string' ? (
        <Button component={Link} to={fullReview} {...common}>
          Full Review
        </Button>
      ) : (
        <Button onClick={fullReview} disabled={busy} {...common}>
          Full Review
        </Button>
      )}
      <Button
        color="green"
        leftSection={<IconCheck size={16} aria-hidden />}
        onClick={onQuickApprove}
        loading={approving}
        disabled={busy && !approving}
      >
        Quick Approve
      </Button>
    </Flex>
  );
}

/** The review forms' decision: one to choose, none chosen at first ('Please select a decision'). */
export const REVIEW_DECISIONS = [
  { value: '', label: 'Select a decision', disabled: true },
  { value: 'APPROVED', label: 'Approve' },
  { value: 'REJECTED', label: 'Reject' },
];

/** A review form's values: the decision and the notes for the teacher. */
export type DecisionValues<N extends string> = { status: string } & Record<N, string>;

/** The review form's fields: the required decision and the optional notes for the teacher. */
export function DecisionFields<N extends string>({
  form,
  notesField,
  notesLabel,
  maxLength,
  autoFocus,
}: {
  form: UseFormReturnType<DecisionValues<N>>;
  /** The body's notes field ('reviewNotes', 'adminNotes'). */
  notesField: N;
  notesLabel: string;
  maxLength: number;
  /** In a dialog: the decision takes the focus. */
  autoFocus?: boolean;
}) {
  return (
    <>
      <NativeSelect
        label="Decision"
        withAsterisk
        data={REVIEW_DECISIONS}
        data-autofocus={autoFocus || undefined}
        {...form.getInputProps('status')}
      />
      <Textarea
        label={notesLabel}
        description="Optional; the teacher sees them with the decision."
        placeholder="Notes for the teacher"
        autosize
        minRows={3}
        maxRows={8}
        maxLength={maxLength}
        {...form.getInputProps(notesField)}
      />
    </>
  );
}
