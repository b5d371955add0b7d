import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearDraft, restoreDraft, saveDraft } from './form-drafts.ts';
import { memoryStorage } from './storage.testing.ts';
import { clearTabWork } from './tab-storage.ts';

/** A sessionStorage of the tab: its entries are what the page kept. */
function withSessionStorage(entries: Record<string, string> = {}) {
  const { storage, items } = memoryStorage(entries);
  vi.stubGlobal('window', { sessionStorage: storage });
  return items;
}

/** The restored values alone. */
const readDraft = <V extends object>(key: string, start: V, version?: string) =>
  restoreDraft(key, start, version)?.values;

const initial = { studentId: '', height: '' as number | string, notes: '', location: null as object | null };

beforeEach(() => withSessionStorage());
afterEach(() => vi.unstubAllGlobals());

describe('form drafts', () => {
  it('keep a form’s values under its key, and give back only the fields the form has', () => {
    const items = withSessionStorage();
    saveDraft('measurement:t1:', { ...initial, height: 98.5, notes: 'After lunch' });
    expect(JSON.parse(items.get('work:draft:measurement:t1:')!)).toMatchObject({ height: 98.5 });
    expect(readDraft('measurement:t1:', initial)).toEqual({ ...initial, height: 98.5, notes: 'After lunch' });
    expect(readDraft('measurement:t2:', initial)).toBeUndefined();

    // A draft kept by an older form: fields it no longer has are left out, new ones start empty.
    items.set('work:draft:old', JSON.stringify({ notes: 'kept', weight: 12, removedField: true }));
    expect(readDraft('old', initial)).toEqual({ ...initial, notes: 'kept' });
  });

  it('of an existing record come back as typed over the version they were typed over', () => {
    withSessionStorage();
    const typed = { ...initial, notes: 'Changed on the bus' };
    const v1 = '2026-11-28T10:00:00.000Z';
    saveDraft('activity-edit:a1:t1', typed, { version: v1, base: initial });
    expect(restoreDraft('activity-edit:a1:t1', initial, v1)).toEqual({ values: typed, merged: false });
    // The version and its values are not fields of the form.
    expect(Object.keys(readDraft('activity-edit:a1:t1', initial, v1)!)).toEqual(Object.keys(initial));
    // A draft of a new record has no version, so it is not restored over a record's.
    saveDraft('activity-edit:a2:t1', typed);
    expect(readDraft('activity-edit:a2:t1', initial, v1)).toBeUndefined();
  });

  it('typed over an older version come back merged over the newer one, never undoing its changes', () => {
    withSessionStorage();
    const v1 = '2026-11-28T10:00:00.000Z';
    const v2 = '2026-11-28T11:30:00.000Z';
    const before = { ...initial, studentId: 's1', height: 100 };
    saveDraft(
      'activity-edit:a1:t1',
      { ...before, notes: 'Changed on the bus' },
      { version: v1, base: before },
    );
    // Saved since by someone else: a new height.
    const now = { ...before, height: 101.5 };
    expect(restoreDraft('activity-edit:a1:t1', now, v2)).toEqual({
      values: { ...now, notes: 'Changed on the bus' },
      merged: true,
    });
    // Where both changed one field, the typing wins (the notice asks to check it).
    expect(readDraft('activity-edit:a1:t1', { ...now, notes: 'Theirs' }, v2)).toMatchObject({
      notes: 'Changed on the bus',
    });
    // The typed change is in the newer version already: nothing to restore.
    expect(restoreDraft('activity-edit:a1:t1', { ...now, notes: 'Changed on the bus' }, v2)).toBeUndefined();
    // A draft kept before drafts had their base (no __base): not restored over another version.
    withSessionStorage({ 'work:draft:old': JSON.stringify({ ...before, notes: 'x', __version: v1 }) });
    expect(readDraft('old', now, v2)).toBeUndefined();
  });

  it('give nothing back for a draft that is not a form’s values', () => {
    const items = withSessionStorage({
      'work:draft:a': 'not json',
      'work:draft:b': '[1,2]',
      'work:draft:c': '42',
    });
    for (const key of ['a', 'b', 'c']) expect(readDraft(key, initial)).toBeUndefined();
    expect(items.size).toBe(3);
  });

  it('are forgotten one at a time, and with the rest of the person’s work on sign-out, leaving the tab’s other keys', () => {
    const items = withSessionStorage({
      'work:draft:x': '{}',
      'work:draft:y': '{}',
      'work:unsettled-writes': '[]',
      'chunk-reload-at': '1',
    });
    clearDraft('x');
    expect([...items.keys()].sort()).toEqual(['chunk-reload-at', 'work:draft:y', 'work:unsettled-writes']);
    saveDraft('z', {});
    clearTabWork();
    expect([...items.keys()]).toEqual(['chunk-reload-at']);
  });

  it('do nothing where the browser refuses storage', () => {
    vi.stubGlobal('window', {
      get sessionStorage(): Storage {
        throw new DOMException('denied', 'SecurityError');
      },
    });
    expect(() => saveDraft('x', initial)).not.toThrow();
    expect(readDraft('x', initial)).toBeUndefined();
    expect(() => clearTabWork()).not.toThrow();
  });
});
