import { GIFT_MESSAGES } from '@csp/contracts';
import { describe, expect, it } from 'vitest';
import {
  amountOf,
  checkSentRows,
  clearProblem,
  matchStudent,
  newBulkRow,
  problemRowCount,
  problemsByRow,
  rowErrorsOf,
  toBulkSubmission,
  withoutRow,
  type BulkRowValues,
} from './bulk-rows.ts';

const TODAY = '2026-11-23';

const row = (key: string, fields: Partial<BulkRowValues> = {}): BulkRowValues => ({
  ...newBulkRow(key),
  ...fields,
});

describe('rows', () => {
  it('start empty, Pending, dated today', () => {
    expect(newBulkRow('a')).toEqual({
      key: 'a',
      studentId: '',
      giftId: '',
      globalSponsorId: '',
      giftSubType: '',
      giftDate: null,
      giftStatus: 'PENDING',
      giftAmount: null,
    });
    expect(newBulkRow().key).not.toBe(newBulkRow().key);
  });

  it('can be removed while more than one is left', () => {
    const rows = [row('a'), row('b')];
    expect(withoutRow(rows, 'a').map((r) => r.key)).toEqual(['b']);
    expect(withoutRow([row('a')], 'a').map((r) => r.key)).toEqual(['a']);
  });

  it('read the amount box', () => {
    expect(amountOf('')).toBeNull();
    expect(amountOf(12.5)).toBe(12.5);
    expect(amountOf('7.25')).toBe(7.25);
    expect(amountOf('abc')).toBeNull();
  });
});

describe('what is sent', () => {
  const complete = (key: string, extra: Partial<BulkRowValues> = {}) =>
    row(key, { studentId: ` STU-${key} `, giftId: ` G-${key} `, giftAmount: 10, ...extra });

  it('nothing when no row has a student ID, a gift ID and an amount above 0', () => {
    expect(
      toBulkSubmission([row('a'), row('b', { studentId: 'STU-1', giftId: 'G-1', giftAmount: 0 })], TODAY),
    ).toBeNull();
    expect(toBulkSubmission([row('a', { studentId: 'STU-1', giftAmount: 5 })], TODAY)).toBeNull();
    expect(toBulkSubmission([row('a', { studentId: '  ', giftId: 'G', giftAmount: 5 })], TODAY)).toBeNull();
  });

  it('the complete rows only, trimmed, dated today unless a date was chosen, with their keys', () => {
    const sub = toBulkSubmission(
      [
        complete('a', { giftSubType: ' Shoes ', globalSponsorId: ' SP-9 ' }),
        row('b', { studentId: 'STU-2' }),
        complete('c', { giftDate: '2026-10-01', giftStatus: 'DELIVERED', giftAmount: 12.5 }),
      ],
      TODAY,
    );
    expect(sub).toEqual({
      body: {
        gifts: [
          {
            studentId: 'STU-a',
            giftId: 'G-a',
            globalSponsorId: 'SP-9',
            giftSubType: 'Shoes',
            giftDate: TODAY,
            giftStatus: 'PENDING',
            giftAmount: 10,
          },
          {
            studentId: 'STU-c',
            giftId: 'G-c',
            globalSponsorId: '',
            giftSubType: '',
            giftDate: '2026-10-01',
            giftStatus: 'DELIVERED',
            giftAmount: 12.5,
          },
        ],
      },
      sentKeys: ['a', 'c'],
    });
  });

  it('checks the sent rows with the contracts’ row schema', () => {
    const sub = toBulkSubmission(
      [complete('a'), complete('b', { giftAmount: 1.005, giftDate: '2026-13-01' })],
      TODAY,
    );
    expect(checkSentRows(sub!.body)).toEqual([
      { row: 2, field: 'giftDate', message: GIFT_MESSAGES.rowDateInvalid },
      { row: 2, field: 'giftAmount', message: GIFT_MESSAGES.rowAmountInvalid },
    ]);
    expect(checkSentRows(toBulkSubmission([complete('a')], TODAY)!.body)).toEqual([]);
  });
});

describe('refused rows', () => {
  it('go back to the table rows they came from', () => {
    const map = problemsByRow(
      [
        { row: 1, field: 'studentId', message: GIFT_MESSAGES.rowStudentUnknown },
        { row: 2, field: 'gifts.1.giftId', message: GIFT_MESSAGES.rowGiftIdTaken },
        { row: 2, field: 'giftId', message: GIFT_MESSAGES.rowGiftIdDuplicate },
        { row: 2, field: 'row', message: 'Something about the whole row' },
        { row: 9, field: 'giftId', message: 'not sent' },
      ],
      ['a', 'c'],
    );
    expect(map).toEqual({
      a: { fields: { studentId: GIFT_MESSAGES.rowStudentUnknown }, other: [] },
      c: {
        fields: { giftId: GIFT_MESSAGES.rowGiftIdTaken },
        other: [GIFT_MESSAGES.rowGiftIdDuplicate, 'Something about the whole row'],
      },
    });
    expect(problemRowCount(map)).toBe(2);
  });

  it('lose a cell’s reason when the cell changes', () => {
    const map = problemsByRow([{ row: 1, field: 'studentId', message: 'x' }], ['a']);
    const cleared = clearProblem(map, 'a', 'studentId');
    expect(cleared.a.fields).toEqual({});
    expect(problemRowCount(cleared)).toBe(0);
    expect(clearProblem(map, 'a', 'giftId')).toBe(map);
    expect(clearProblem(map, 'zz', 'giftId')).toBe(map);
  });

  it('are read from the 400 body', () => {
    expect(
      rowErrorsOf({
        statusCode: 400,
        message: GIFT_MESSAGES.bulkInvalid,
        errors: [
          { row: 3, field: 'giftAmount', message: 'bad' },
          { nonsense: true },
          { row: 1, message: 'm' },
        ],
      }),
    ).toEqual([
      { row: 3, field: 'giftAmount', message: 'bad' },
      { row: 1, field: '', message: 'm' },
    ]);
    expect(rowErrorsOf({ message: 'x' })).toEqual([]);
    expect(rowErrorsOf(null)).toEqual([]);
    expect(rowErrorsOf({ errors: 'no' })).toEqual([]);
  });
});

describe('the student name', () => {
  it('comes from the student whose ID matches exactly', () => {
    const students = [
      { studentId: 'STU-10', firstName: 'Ten' },
      { studentId: 'STU-1', firstName: 'One' },
    ];
    expect(matchStudent(' STU-1 ', students)?.firstName).toBe('One');
    expect(matchStudent('STU-', students)).toBeUndefined();
    expect(matchStudent('', students)).toBeUndefined();
  });
});
