import {
  GIFT_EVIDENCE_MIME_TYPES,
  GIFT_LIMITS,
  GIFT_MESSAGES,
  isOpenGift,
  type Gift,
  type GiftFormValues,
  type GiftStatus,
  type Role,
  type UpdateGiftBody,
} from '@csp/contracts';
import { personName } from '../../lib/person-name.ts';

/** How gifts read on the pages and what the edit form sends (spec part 2 §2.3, §5). Pure. */

export const GIFT_STATUS_COLORS: Record<GiftStatus, string> = {
  IN_PROGRESS: 'blue',
  PENDING: 'yellow',
  DELIVERED: 'green',
  CANCELLED: 'gray',
};

/** The assigned teacher's name, or 'No teacher assigned'. */
export function teacherText(gift: Pick<Gift, 'student'>): string {
  const teacher = gift.student.assignedTeacher;
  return teacher ? personName(teacher) : GIFT_MESSAGES.noTeacher;
}

/**
 * What the Actions panel shows (spec §2.3): 'act' (deliver or cancel) for an open gift to an
 * administrator or the student's assigned teacher; 'wait' ('Waiting for Teacher Action') for an open
 * gift to anyone else; 'delivered' and 'cancelled' show the result.
 */
export type GiftActionView = 'act' | 'wait' | 'delivered' | 'cancelled';

export function giftActionView(
  gift: Pick<Gift, 'status' | 'student'>,
  me: { id: string; role: Role },
): GiftActionView {
  if (gift.status === 'DELIVERED') return 'delivered';
  if (gift.status === 'CANCELLED') return 'cancelled';
  if (!isOpenGift(gift.status)) return 'wait';
  if (me.role === 'ADMIN' || gift.student.assignedTeacher?.id === me.id) return 'act';
  return 'wait';
}

/**
 * Why an evidence photo cannot be sent (spec §5 "Gift evidence image"): not a JPEG, PNG or WebP image,
 * or larger than 5 MB; undefined when it can.
 */
export function evidenceProblem(file: { type: string; size: number }): string | undefined {
  if (!(GIFT_EVIDENCE_MIME_TYPES as readonly string[]).includes(file.type))
    return GIFT_MESSAGES.evidenceNotImage;
  if (file.size > GIFT_LIMITS.evidenceMaxBytes) return GIFT_MESSAGES.evidenceTooLarge;
  return undefined;
}

/** The edit form's values for a gift. */
export function giftFormValues(gift: Gift): GiftFormValues {
  return {
    giftId: gift.giftId ?? '',
    studentId: gift.studentId,
    name: gift.name ?? '',
    giftSubType: gift.giftSubType ?? '',
    description: gift.description ?? '',
    notes: gift.notes ?? '',
  };
}

/** PATCH /api/gifts/{id}: every field, trimmed (empty text clears a field). */
export function toUpdateGiftBody(values: GiftFormValues): UpdateGiftBody {
  return {
    giftId: values.giftId.trim(),
    name: values.name.trim(),
    giftSubType: values.giftSubType.trim(),
    description: values.description.trim(),
    notes: values.notes.trim(),
    studentId: values.studentId,
  };
}

/** '1,250.50' for an amount; '' when there is none. */
export function amountText(amount: number | null): string {
  if (amount === null) return '';
  return amount.toLocaleString('en', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
}
