import { STALE_EDIT_MESSAGE } from '@csp/contracts';
import { describe, expect, it } from 'vitest';
import { httpError } from './api-error.testing.ts';
import { editsIn, isStaleEdit, mergeEdits, mergePhotos, photoEditsIn } from './edit-conflicts.ts';
import type { Attachment } from './attachments.ts';

const base = { title: 'Painting', date: '2026-11-20', duration: 120 as number | string, notes: '' };

describe('merging an edit over a version someone else saved', () => {
  it('keeps each field the person changed and takes every other field from the saved version', () => {
    const mine = { ...base, title: 'Painting outside', duration: '' };
    const theirs = { ...base, date: '2026-11-21', notes: 'Brought brushes' };
    expect(mergeEdits(base, mine, theirs)).toEqual({
      title: 'Painting outside',
      date: '2026-11-21',
      duration: '',
      notes: 'Brought brushes',
    });
  });

  it('lets the person’s change win where both changed one field', () => {
    const mine = { ...base, title: 'Mine' };
    const theirs = { ...base, title: 'Theirs' };
    expect(mergeEdits(base, mine, theirs).title).toBe('Mine');
  });

  it('compares lists and objects by value', () => {
    const b = { location: { lat: 1, lng: 2 }, tags: ['a'] };
    const mine = { location: { lat: 1, lng: 2 }, tags: ['a'] };
    const theirs = { location: { lat: 3, lng: 4 }, tags: ['a', 'b'] };
    expect(mergeEdits(b, mine, theirs)).toEqual(theirs);
  });

  it('knows when the person’s changes are already in the saved version (their own save had landed)', () => {
    const mine = { ...base, title: 'Painting outside' };
    expect(editsIn(base, mine, { ...mine, notes: 'someone else' })).toBe(true);
    expect(editsIn(base, mine, base)).toBe(false);
    expect(editsIn(base, base, { ...base, title: 'Theirs' })).toBe(true);
  });
});

const stored = (id: string): Attachment => ({
  key: `stored-${id}`,
  src: `/f/${id}`,
  name: id,
  entry: `/f/${id}`,
});
const picked = (n: number, entry?: string): Attachment => ({
  key: `picked-${n}`,
  src: `blob:${n}`,
  name: `p${n}.jpg`,
  ...(entry ? { entry } : {}),
});

describe('merging photo lists', () => {
  it('takes the saved photos, without the ones the person removed, then the ones they added', () => {
    const basePhotos = [stored('a'), stored('b'), stored('c')];
    const mine = [stored('a'), stored('c'), picked(1), picked(2, '/f/new')];
    const theirs = [stored('a'), stored('b'), stored('d')]; // they removed c and added d
    expect(mergePhotos(basePhotos, mine, theirs).map((p) => p.key)).toEqual([
      'stored-a',
      'stored-d',
      'picked-1',
      'picked-2',
    ]);
  });

  it('knows a photo by its file, whatever signed link it came with: one of mine the saved record holds is not added twice', () => {
    const id = '7d0c1e4e-1f0a-4c55-9a59-2b8e2c1c0a11';
    const uploaded = picked(3, `/api/files/${id}?expires=100&sig=mine`);
    const storedNow: Attachment = {
      key: `stored-${id}`,
      src: `/api/files/${id}?expires=200&sig=theirs`,
      name: 'Photo 2',
      entry: `/api/files/${id}?expires=200&sig=theirs`,
    };
    const merged = mergePhotos([stored('a')], [stored('a'), uploaded], [stored('a'), storedNow, stored('z')]);
    expect(merged.map((p) => p.key)).toEqual(['stored-a', `stored-${id}`, 'stored-z']);
    // Saved with its answer lost: the photo added and the one removed are so in the saved record.
    expect(photoEditsIn([stored('a'), stored('b')], [stored('a'), uploaded], [stored('a'), storedNow])).toBe(
      true,
    );
    // Not saved: the removed photo is still there, or the added one is not, or one is not even uploaded.
    expect(
      photoEditsIn(
        [stored('a'), stored('b')],
        [stored('a'), uploaded],
        [stored('a'), stored('b'), storedNow],
      ),
    ).toBe(false);
    expect(photoEditsIn([stored('a')], [stored('a'), uploaded], [stored('a')])).toBe(false);
    expect(photoEditsIn([stored('a')], [stored('a'), picked(4)], [stored('a')])).toBe(false);
  });

  it('changes nothing when neither side changed the photos', () => {
    const photos = [stored('a'), stored('b')];
    expect(mergePhotos(photos, photos, photos)).toEqual(photos);
  });
});

describe('a stale edit', () => {
  it('is the server’s 409 with the stale-edit message, and no other answer', () => {
    expect(
      isStaleEdit(httpError(409, { statusCode: 409, error: 'Conflict', message: STALE_EDIT_MESSAGE })),
    ).toBe(true);
    expect(
      isStaleEdit(httpError(409, { statusCode: 409, error: 'Conflict', message: 'Gift ID taken' })),
    ).toBe(false);
    expect(
      isStaleEdit(httpError(400, { statusCode: 400, error: 'Bad Request', message: STALE_EDIT_MESSAGE })),
    ).toBe(false);
    expect(isStaleEdit(new Error(STALE_EDIT_MESSAGE))).toBe(false);
  });
});
