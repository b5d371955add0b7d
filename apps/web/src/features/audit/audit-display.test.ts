import { AUDIT_ACTIONS, AUDIT_ENTITIES } from '@csp/contracts';
import { describe, expect, it } from 'vitest';
import {
  ACTION_COLORS,
  ACTION_LABELS,
  actionLabel,
  actorLabel,
  chainVerdict,
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

describe('who', () => {
  it('names the person by email, and the server’s own jobs as System', () => {
    expect(actorLabel({ actorEmail: 'ana@example.org' })).toBe('ana@example.org');
    expect(actorLabel({ actorEmail: null })).toBe('System');
  });

  it('reads the sweeper’s file fields as words', () => {
    expect(ENTITY_LABELS.file).toBe('File');
    expect(changeLines({ originalName: 'a.png', mimeType: 'image/png', sizeBytes: 1234 })).toEqual([
      'File name: a.png',
      'Type: image/png',
      'Size (bytes): 1234',
    ]);
  });
});

describe('the trail check', () => {
  const at = '2026-03-05T08:30:00.000Z';

  it('says a whole trail is whole, with how many entries were checked', () => {
    expect(chainVerdict({ ok: true, entries: 12_345, checked: 12_345, unchained: 0 })).toEqual({
      ok: true,
      title: 'The audit trail is whole: 12,345 entries checked.',
      details: [],
    });
    expect(chainVerdict({ ok: true, entries: 1, checked: 1, unchained: 0 }).title).toBe(
      'The audit trail is whole: 1 entry checked.',
    );
  });

  it('names the first entry that is not as it was written, and why', () => {
    const changed = chainVerdict({
      ok: false,
      entries: 120,
      checked: 4,
      firstBroken: { seq: 5, eventId: 'e', at, fault: 'changed' },
      unchained: 0,
    });
    expect(changed.ok).toBe(false);
    expect(changed.title).toBe('The audit trail has been altered: entry 5 of 120 is not as it was written.');
    expect(changed.details).toEqual([
      expect.stringMatching(/^Entry 5 of 120 \(recorded .+\) is not as it was written\.$/),
      'The 4 entries before it are whole.',
    ]);
    const removed = chainVerdict({
      ok: false,
      entries: 1_200,
      checked: 1,
      firstBroken: { seq: 2, eventId: 'e', at: null, fault: 'removed' },
      unchained: 0,
    });
    expect(removed.details).toEqual([
      'Entry 2 of 1,200 has been removed from the trail.',
      'The entry before it is whole.',
    ]);
    const unlinked = chainVerdict({
      ok: false,
      entries: 9,
      checked: 0,
      firstBroken: { seq: 1, eventId: 'e', at, fault: 'unlinked' },
      unchained: 0,
    });
    expect(unlinked.details).toEqual([
      expect.stringMatching(
        /no longer follows the one before it: an entry before it was removed, or one was added\.$/,
      ),
    ]);
  });

  it('counts the entries added outside the chain', () => {
    const v = chainVerdict({
      ok: false,
      entries: 10,
      checked: 8,
      unchained: 2,
      firstUnchained: { eventId: 'e', at },
    });
    expect(v.title).toBe('The audit trail has been altered.');
    expect(v.details).toEqual([
      expect.stringMatching(/^2 entries were added outside the chain, the oldest recorded .+\.$/),
    ]);
  });
});
