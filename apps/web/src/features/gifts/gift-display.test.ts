import { GIFT_MESSAGES, giftFormSchema, type Gift } from '@csp/contracts';
import { describe, expect, it } from 'vitest';
import {
  amountText,
  evidenceProblem,
  giftActionView,
  giftFormValues,
  teacherText,
  toUpdateGiftBody,
} from './gift-display.ts';

const TEACHER = { id: 't1', firstName: 'Tara', lastName: 'Field' };

const gift = (fields: Partial<Gift> = {}): Gift => ({
  id: 'g1',
  giftId: 'G-1',
  globalSponsorId: null,
  name: null,
  giftSubType: 'School bag',
  description: null,
  notes: 'Blue',
  amount: 12.5,
  giftDate: '2026-11-20',
  studentId: 's1',
  student: {
    id: 's1',
    studentId: 'STU-1',
    firstName: 'Malar',
    lastName: 'Nadar',
    category: 'CENTER_BASE',
    assignedTeacher: TEACHER,
  },
  status: 'PENDING',
  assignedAt: '2026-11-20T08:00:00.000Z',
  deliveredAt: null,
  deliveredBy: null,
  cancelledAt: null,
  cancelledBy: null,
  evidenceImage: null,
  createdAt: '2026-11-20T08:00:00.000Z',
  updatedAt: '2026-11-20T08:00:00.000Z',
  ...fields,
});

describe('the actions panel', () => {
  const admin = { id: 'a1', role: 'ADMIN' as const };
  const teacher = { id: 't1', role: 'TEACHER' as const };
  const other = { id: 't2', role: 'TEACHER' as const };

  it('lets an administrator and the student’s teacher deliver or cancel an open gift', () => {
    expect(giftActionView(gift(), admin)).toBe('act');
    expect(giftActionView(gift({ status: 'IN_PROGRESS' }), teacher)).toBe('act');
  });

  it('asks anyone else to wait', () => {
    expect(giftActionView(gift(), other)).toBe('wait');
    const noTeacher = gift();
    noTeacher.student = { ...noTeacher.student, assignedTeacher: null };
    expect(giftActionView(noTeacher, teacher)).toBe('wait');
    expect(giftActionView(noTeacher, admin)).toBe('act');
  });

  it('shows the result of a delivered or cancelled gift', () => {
    expect(giftActionView(gift({ status: 'DELIVERED' }), admin)).toBe('delivered');
    expect(giftActionView(gift({ status: 'CANCELLED' }), other)).toBe('cancelled');
  });
});

describe('display', () => {
  it('names the teacher or says there is none', () => {
    expect(teacherText(gift())).toBe('Tara Field');
    const g = gift();
    g.student = { ...g.student, assignedTeacher: null };
    expect(teacherText(g)).toBe(GIFT_MESSAGES.noTeacher);
  });

  it('writes amounts with two decimals', () => {
    expect(amountText(1250.5)).toBe('1,250.50');
    expect(amountText(null)).toBe('');
  });
});

describe('the evidence photo', () => {
  it('must be a JPEG, PNG or WebP image up to 5 MB', () => {
    expect(evidenceProblem({ type: 'image/png', size: 1000 })).toBeUndefined();
    expect(evidenceProblem({ type: 'image/webp', size: 5 * 1024 * 1024 })).toBeUndefined();
    expect(evidenceProblem({ type: 'application/pdf', size: 10 })).toBe(GIFT_MESSAGES.evidenceNotImage);
    expect(evidenceProblem({ type: 'image/jpeg', size: 5 * 1024 * 1024 + 1 })).toBe(
      GIFT_MESSAGES.evidenceTooLarge,
    );
  });
});

describe('the edit form', () => {
  it('starts from the gift and sends every field trimmed', () => {
    const values = giftFormValues(gift());
    expect(values).toEqual({
      giftId: 'G-1',
      studentId: 's1',
      name: '',
      giftSubType: 'School bag',
      description: '',
      notes: 'Blue',
    });
    expect(toUpdateGiftBody({ ...values, name: '  Bag ', giftId: ' ' })).toEqual({
      giftId: '',
      name: 'Bag',
      giftSubType: 'School bag',
      description: '',
      notes: 'Blue',
      studentId: 's1',
    });
  });

  it('needs a student and a name or a sub-type', () => {
    const values = giftFormValues(gift());
    expect(giftFormSchema.safeParse(values).success).toBe(true);
    const none = giftFormSchema.safeParse({ ...values, studentId: '', giftSubType: ' ' });
    expect(none.success).toBe(false);
    expect(none.error?.issues.map((i) => i.message)).toEqual([
      GIFT_MESSAGES.studentRequired,
      GIFT_MESSAGES.nameOrSubType,
    ]);
  });
});
