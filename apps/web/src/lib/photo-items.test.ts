import { describe, expect, it } from 'vitest';
import {
  addPhotos,
  pendingPhotos,
  photoEntries,
  pickedPhotoItems,
  storedPhotoItems,
  withUploaded,
} from './photo-items.ts';

const ID = '0b7a1e9c-9b7a-4c3e-8f51-2d0b7a1e9c44';
const LINK = `/api/files/${ID}?expires=1&sig=x`;
const file = (name: string) => new File([new Uint8Array([1, 2, 3])], name, { type: 'image/png' });
const picked = (...names: string[]) =>
  pickedPhotoItems(
    names.map(file),
    (f) => `blob:${f.name}`,
    (_f, i) => `k${i}`,
  );

describe('photo items', () => {
  it('keeps stored photos as their links, already uploaded', () => {
    const [stored] = storedPhotoItems([LINK]);
    expect(stored).toEqual({ key: `stored-${ID}`, src: LINK, name: 'Photo 1', entry: LINK });
    expect(pendingPhotos([stored])).toEqual([]);
  });

  it('adds picked files up to the limit and says which did not fit', () => {
    const stored = storedPhotoItems([LINK]);
    const { items, left } = addPhotos(stored, picked('a.png', 'b.png', 'c.png'), 3);
    expect(items.map((p) => p.name)).toEqual(['Photo 1', 'a.png', 'b.png']);
    expect(left.map((p) => p.name)).toEqual(['c.png']);
  });

  it("answers the record's photos in the shown order once uploaded", () => {
    const items = [...storedPhotoItems([LINK]), ...picked('a.png', 'b.png')];
    expect(pendingPhotos(items).map((p) => p.name)).toEqual(['a.png', 'b.png']);
    const done = withUploaded(
      items,
      new Map([
        ['k0', 'up-a'],
        ['k1', 'up-b'],
      ]),
    );
    expect(photoEntries(done)).toEqual([LINK, 'up-a', 'up-b']);
    expect(pendingPhotos(done)).toEqual([]);
  });
});
