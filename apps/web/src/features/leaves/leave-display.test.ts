import { describe, expect, it } from 'vitest';
import {
  applySummary,
  daysText,
  filenameFromDisposition,
  monthShort,
  periodText,
  reviewedText,
  reviewStatusLabel,
  toApplyBody,
} from './leave-display.ts';

describe('how a leave reads', () => {
  it('labels the statuses', () => {
    expect(['PENDING', 'APPROVED', 'REJECTED', 'X'].map(reviewStatusLabel)).toEqual([
      'Pending',
      'Approved',
      'Rejected',
      'Unknown',
    ]);
  });

  it('shows one date for a single day and a range otherwise', () => {
    expect(periodText('2026-03-03', '2026-03-03')).toBe('3 Mar 2026');
    expect(periodText('2026-03-03', '2026-03-05')).toBe('3 Mar 2026 – 5 Mar 2026');
    expect(daysText(1)).toBe('1 day');
    expect(daysText(4)).toBe('4 days');
    expect(monthShort(1)).toBe('Jan');
    expect(monthShort(12)).toBe('Dec');
  });

  it('says who decided and when; without a reviewer (account gone) only the date', () => {
    expect(
      reviewedText({
        status: 'APPROVED',
        reviewedBy: { firstName: 'Asha', lastName: 'Admin' },
        reviewedAt: '2026-03-04T10:00:00.000Z',
      }),
    ).toBe('Approved by Asha Admin on 4 Mar 2026');
    expect(
      reviewedText({ status: 'REJECTED', reviewedBy: null, reviewedAt: '2026-03-04T10:00:00.000Z' }),
    ).toBe('Rejected on 4 Mar 2026');
  });
});

describe('the apply form', () => {
  it('sends a single day as a leave ending on its start, the reason trimmed', () => {
    expect(
      toApplyBody({
        leaveType: 'SINGLE_DAY',
        startDate: '2026-12-01',
        endDate: '2026-12-09',
        reason: ' Flu ',
      }),
    ).toEqual({ startDate: '2026-12-01', endDate: '2026-12-01', reason: 'Flu' });
    expect(
      toApplyBody({
        leaveType: 'DATE_RANGE',
        startDate: '2026-12-01',
        endDate: '2026-12-04',
        reason: 'Trip',
      }),
    ).toEqual({ startDate: '2026-12-01', endDate: '2026-12-04', reason: 'Trip' });
  });

  it('summarises the type, the dates and the days (end minus start, as on the cards)', () => {
    expect(applySummary({ leaveType: 'SINGLE_DAY', startDate: '', endDate: '' })).toEqual({
      type: 'Single Day',
      dates: '',
      days: null,
    });
    expect(applySummary({ leaveType: 'SINGLE_DAY', startDate: '2026-12-01', endDate: '' })).toEqual({
      type: 'Single Day',
      dates: '1 Dec 2026',
      days: 1,
    });
    expect(applySummary({ leaveType: 'DATE_RANGE', startDate: '2026-12-01', endDate: '' })).toEqual({
      type: 'Date Range',
      dates: '1 Dec 2026 – …',
      days: null,
    });
    expect(applySummary({ leaveType: 'DATE_RANGE', startDate: '2026-12-01', endDate: '2026-12-04' })).toEqual(
      {
        type: 'Date Range',
        dates: '1 Dec 2026 – 4 Dec 2026',
        days: 3,
      },
    );
    expect(
      applySummary({ leaveType: 'DATE_RANGE', startDate: '2026-12-04', endDate: '2026-12-01' }).days,
    ).toBe(null);
  });
});

describe('the report’s file name', () => {
  it('reads filename* first, then filename, quoted or not, without path parts', () => {
    expect(filenameFromDisposition('attachment; filename="leave-report-2026.csv"', 'x.csv')).toBe(
      'leave-report-2026.csv',
    );
    expect(filenameFromDisposition('attachment; filename=plain.csv', 'x.csv')).toBe('plain.csv');
    expect(
      filenameFromDisposition(`attachment; filename="a.csv"; filename*=UTF-8''leave%20report.csv`, 'x.csv'),
    ).toBe('leave report.csv');
    expect(filenameFromDisposition('attachment; filename="../../etc/passwd"', 'x.csv')).toBe('passwd');
  });

  it('falls back when there is none', () => {
    expect(filenameFromDisposition(undefined, 'x.csv')).toBe('x.csv');
    expect(filenameFromDisposition('attachment', 'x.csv')).toBe('x.csv');
    expect(filenameFromDisposition('attachment; filename=""', 'x.csv')).toBe('x.csv');
  });
});
