import { AUDIT_ACTIONS, AUDIT_ENTITIES } from '@csp/contracts';
import { describe, expect, it } from 'vitest';
import {
  ACTION_COLORS,
  ACTION_LABELS,
  actionLabel,
  changeLines,
  ENTITY_LABELS,
  entityLabel,
  recordLink,
  shortId,
  valueText,
} from './audit-display.ts';

describe('audit labels', () => {
  it('names every action and entity', () => {
    for (const a of AUDIT_ACTIONS) {
      expect(ACTION_LABELS[a]).toBeTruthy();
      expect(ACTION_COLORS[a]).toBeTruthy();
    }
    for (const e of AUDIT_ENTITIES) expect(ENTITY_LABELS[e]).toBeTruthy();
    expect(actionLabel('permanent_delete')).toBe('Deleted forever');
    expect(actionLabel('sign_in_failed')).toBe('Failed sign-in');
    expect(actionLabel('check_in')).toBe('Checked in');
    expect(entityLabel('home_visit')).toBe('Home visit');
    expect(entityLabel('office_location')).toBe('Office location');
  });

  it('shows an unknown action or entity as sent', () => {
    expect(actionLabel('archive')).toBe('archive');
    expect(entityLabel('toString')).toBe('toString');
  });

  it('links students and users only', () => {
    expect(recordLink('student', 'abc')).toBe('/students/abc');
    expect(recordLink('user', 'abc')).toBe('/users/abc');
    expect(recordLink('gift', 'abc')).toBeUndefined();
    expect(recordLink('student', null)).toBeUndefined();
    expect(shortId('0123456789abcdef')).toBe('01234567');
  });
});

describe('changeLines', () => {
  it('writes each field as "Field: value", the field in words and yes/no for true/false', () => {
    expect(changeLines({ firstName: 'Malar', age: 4, isActive: false, isBabyBorn: true })).toEqual([
      'First name: Malar',
      'Age: 4',
      'Active: No',
      'Baby born: Yes',
    ]);
  });

  it("names a record's id by the record, and shows the name sent for it or the id's first 8 characters", () => {
    expect(changeLines({ assignedTeacherId: '7f3e1a2b-0c4d-4e5f-8a9b-0c1d2e3f4a5b' })).toEqual([
      'Assigned teacher: 7f3e1a2b',
    ]);
    // By name when the server sent one.
    expect(
      changeLines(
        { assignedTeacherId: '7f3e1a2b-0c4d-4e5f-8a9b-0c1d2e3f4a5b' },
        { '7f3e1a2b-0c4d-4e5f-8a9b-0c1d2e3f4a5b': 'Nimali Perera' },
      ),
    ).toEqual(['Assigned teacher: Nimali Perera']);
    // The programme's own student number is not an id to shorten.
    expect(changeLines({ studentId: 'STU-2026-0042' })).toEqual(['Student ID: STU-2026-0042']);
  });

  it('shows dates as the app does and codes as words, but text as typed', () => {
    expect(
      changeLines({
        dateOfBirth: '2024-03-05',
        category: 'CENTER_BASE',
        status: 'APPROVED',
        leaveType: 'SINGLE_DAY',
        lastName: 'ANU_RADHA',
      }),
    ).toEqual([
      'Date of birth: 5 Mar 2024',
      'Category: Center Base',
      'Status: Approved',
      'Leave type: Single day',
      'Last name: ANU_RADHA',
    ]);
  });

  it('shows null as a dash and joins arrays', () => {
    expect(changeLines({ phone: null, tags: ['a', 'b', 3] })).toEqual(['Phone: —', 'Tags: a, b, 3']);
  });

  it('writes nested objects as compact JSON', () => {
    expect(valueText({ lat: 1.5, lng: null })).toBe('{"lat":1.5,"lng":null}');
    expect(valueText([{ a: 1 }])).toBe('{"a":1}');
  });

  it('cuts long values at 120 characters', () => {
    const text = valueText('x'.repeat(300));
    expect(text).toHaveLength(120);
    expect(text.endsWith('…')).toBe(true);
    expect(valueText('y'.repeat(120))).toBe('y'.repeat(120));
  });

  it('is empty without changes', () => {
    expect(changeLines({})).toEqual([]);
  });
});
