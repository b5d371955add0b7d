import { describe, expect, it } from 'vitest';
import {
  breakdownSections,
  dayIn,
  daysText,
  defaultReview,
  formatClock,
  formatMoment,
  hoursText,
  mapsUrl,
  personName,
  progressLabel,
  rangeIndicator,
  reviewStatusColor,
  reviewStatusLabel,
} from './attendance-display.ts';

describe('attendance display', () => {
  it('labels and colours the statuses', () => {
    expect(reviewStatusLabel('PENDING')).toBe('Pending');
    expect(reviewStatusLabel('APPROVED')).toBe('Approved');
    expect(reviewStatusLabel('REJECTED')).toBe('Rejected');
    expect(reviewStatusLabel('OTHER')).toBe('Unknown');
    expect(reviewStatusColor('PENDING')).toBe('yellow');
    expect(reviewStatusColor('APPROVED')).toBe('green');
    expect(reviewStatusColor('REJECTED')).toBe('red');
    expect(reviewStatusColor(null)).toBe('gray');
  });

  it('shows within range, the distance, or not validated', () => {
    expect(rangeIndicator({ isWithinOfficeRange: true, distanceFromOffice: 12 })).toEqual({
      label: 'Within range',
      color: 'green',
    });
    expect(rangeIndicator({ isWithinOfficeRange: false, distanceFromOffice: 1234 })).toEqual({
      label: '1.2 km from office',
      color: 'red',
    });
    expect(rangeIndicator({ isWithinOfficeRange: false, distanceFromOffice: 120 }).label).toBe(
      '120 m from office',
    );
    expect(rangeIndicator({ isWithinOfficeRange: false, distanceFromOffice: null }).label).toBe(
      'Outside range',
    );
    expect(rangeIndicator({ isWithinOfficeRange: null, distanceFromOffice: null })).toEqual({
      label: 'Not validated',
      color: 'gray',
    });
  });

  it("tells the day's progress", () => {
    const today = '2026-03-04';
    expect(progressLabel({ date: today, checkOut: '2026-03-04T11:00:00.000Z' }, today)).toBe('Day Complete');
    expect(progressLabel({ date: '2026-03-01', checkOut: '2026-03-01T11:00:00.000Z' }, today)).toBe(
      'Day Complete',
    );
    expect(progressLabel({ date: today, checkOut: null }, today)).toBe('In Progress');
    expect(progressLabel({ date: '2026-03-03', checkOut: null }, today)).toBe('Incomplete');
  });

  it('formats clock times in 24 hours, in the given time zone', () => {
    expect(formatClock('2026-03-04T02:35:00.000Z', 'UTC')).toBe('02:35');
    expect(formatClock('2026-03-04T14:05:00.000Z', 'UTC')).toBe('14:05');
    expect(formatClock('2026-03-04T02:35:00.000Z', 'Asia/Colombo')).toBe('08:05');
    expect(formatClock('2026-03-04T00:00:00.000Z', 'UTC')).toBe('00:00');
    expect(formatClock('2026-03-04T02:35:00.000Z', 'Not/AZone')).toMatch(/^\d{2}:\d{2}$/);
    expect(formatClock('')).toBe('');
    expect(formatClock(null)).toBe('');
    expect(formatClock('not a time')).toBe('');
  });

  it('writes a moment in the given time zone, the day included', () => {
    expect(dayIn('2026-09-03T20:00:00.000Z', 'Asia/Colombo')).toBe('2026-09-04');
    expect(dayIn('2026-09-03T20:00:00.000Z', 'UTC')).toBe('2026-09-03');
    expect(dayIn('nonsense', 'UTC')).toBe('');
    expect(formatMoment('2026-09-03T20:00:00.000Z', 'Asia/Colombo')).toBe('4 Sep 2026, 01:30');
    expect(formatMoment('2026-09-03T20:00:00.000Z', 'UTC')).toBe('3 Sep 2026, 20:00');
    expect(formatMoment(null, 'UTC')).toBe('');
  });

  it('links a location to a maps service, or nothing without one', () => {
    expect(mapsUrl('9.306400,80.403700')).toBe('https://www.google.com/maps?q=9.3064%2C80.4037');
    expect(mapsUrl(' -33.5 , 151.25 ')).toBe('https://www.google.com/maps?q=-33.5%2C151.25');
    expect(mapsUrl(null)).toBeNull();
    expect(mapsUrl('')).toBeNull();
    expect(mapsUrl('somewhere')).toBeNull();
    expect(mapsUrl('95,10')).toBeNull();
  });

  it('prefills the Full Review: rejected with the distance outside the range, else approved', () => {
    expect(defaultReview({ isWithinOfficeRange: false, distanceFromOffice: 15_060.4 })).toEqual({
      status: 'REJECTED',
      adminNotes: 'Checked in 15060 m from the office, outside the allowed range',
    });
    expect(defaultReview({ isWithinOfficeRange: true, distanceFromOffice: 3 })).toEqual({
      status: 'APPROVED',
      adminNotes: '',
    });
    expect(defaultReview({ isWithinOfficeRange: null, distanceFromOffice: null })).toEqual({
      status: 'APPROVED',
      adminNotes: '',
    });
  });

  it('names people', () => {
    expect(personName({ firstName: 'Asha', lastName: 'Perera' })).toBe('Asha Perera');
  });

  it('splits the counted days for the stacked bar', () => {
    const sections = breakdownSections({
      totalDays: 8,
      approvedDays: 5,
      pendingDays: 1,
      rejectedDays: 0,
      absentDays: 2,
    });
    expect(sections.map((s) => [s.label, s.color, s.days, s.percent])).toEqual([
      ['Approved', 'green', 5, 62.5],
      ['Pending', 'yellow', 1, 12.5],
      ['Rejected', 'red', 0, 0],
      ['Absent', 'gray', 2, 25],
    ]);
    expect(sections[0].text).toBe('5 days (62.5%)');
    expect(sections[1].text).toBe('1 day (12.5%)');
    const none = breakdownSections({
      totalDays: 0,
      approvedDays: 0,
      pendingDays: 0,
      rejectedDays: 0,
      absentDays: 0,
    });
    expect(none.every((s) => s.percent === 0)).toBe(true);
  });

  it('writes days and hours', () => {
    expect(daysText(1)).toBe('1 day');
    expect(daysText(0)).toBe('0 days');
    expect(hoursText(7.5)).toBe('7.5 h');
  });
});
