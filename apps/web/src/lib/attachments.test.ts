import { HOME_VISIT_FILE_ACCEPT } from '@csp/contracts';
import { describe, expect, it } from 'vitest';
import {
  addAttachments,
  dropzoneAccept,
  fileKind,
  fileSizeText,
  pendingAttachments,
  attachmentEntries,
  pickedAttachments,
  storedFileItems,
  storedAttachments,
  withUploaded,
} from './attachments.ts';

const ID = '0b7a1e9c-9b7a-4c3e-8f51-2d0b7a1e9c44';
const LINK = `/api/files/${ID}?expires=1&sig=x`;
const file = (name: string) => new File([new Uint8Array([1, 2, 3])], name, { type: 'image/png' });
const picked = (...names: string[]) =>
  pickedAttachments(
    names.map(file),
    (f) => `blob:${f.name}`,
    (_f, i) => `k${i}`,
  );

describe('photo items', () => {
  it('keeps stored photos as their links, already uploaded', () => {
    const [stored] = storedAttachments([LINK]);
    expect(stored).toEqual({ key: `stored-${ID}`, src: LINK, name: 'Photo 1', entry: LINK });
    expect(pendingAttachments([stored])).toEqual([]);
  });

  it('adds picked files up to the limit and says which did not fit', () => {
    const stored = storedAttachments([LINK]);
    const { items, left } = addAttachments(stored, picked('a.png', 'b.png', 'c.png'), 3);
    expect(items.map((p) => p.name)).toEqual(['Photo 1', 'a.png', 'b.png']);
    expect(left.map((p) => p.name)).toEqual(['c.png']);
  });

  it("answers the record's photos in the shown order once uploaded", () => {
    const items = [...storedAttachments([LINK]), ...picked('a.png', 'b.png')];
    expect(pendingAttachments(items).map((p) => p.name)).toEqual(['a.png', 'b.png']);
    const done = withUploaded(
      items,
      new Map([
        ['k0', 'up-a'],
        ['k1', 'up-b'],
      ]),
    );
    expect(attachmentEntries(done)).toEqual([LINK, 'up-a', 'up-b']);
    expect(pendingAttachments(done)).toEqual([]);
  });
});

describe('files with names, types and sizes', () => {
  it('keeps stored files with their names, types and sizes, already uploaded', () => {
    const [stored] = storedFileItems([
      { url: LINK, name: 'report.pdf', mimeType: 'application/pdf', sizeBytes: 2048 },
    ]);
    expect(stored).toEqual({
      key: `stored-${ID}`,
      src: LINK,
      name: 'report.pdf',
      entry: LINK,
      mimeType: 'application/pdf',
      sizeBytes: 2048,
    });
    expect(pendingAttachments([stored])).toEqual([]);
  });

  it('gives picked files their type and size', () => {
    const [item] = picked('a.png');
    expect(item.mimeType).toBe('image/png');
    expect(item.sizeBytes).toBe(3);
  });

  it('tells images, PDF and Word files apart, by name when there is no type', () => {
    expect(fileKind('image/webp')).toBe('image');
    expect(fileKind('application/pdf')).toBe('pdf');
    expect(fileKind('application/msword')).toBe('word');
    expect(fileKind('application/vnd.openxmlformats-officedocument.wordprocessingml.document')).toBe('word');
    expect(fileKind('', 'Notes.DOCX')).toBe('word');
    expect(fileKind('', 'scan.pdf')).toBe('pdf');
    expect(fileKind(undefined, 'photo.JPG')).toBe('image');
    expect(fileKind('text/plain', 'a.pdf')).toBe('other');
    expect(fileKind('', 'a.txt')).toBe('other');
  });

  it('shows sizes in MB with 2 decimals', () => {
    expect(fileSizeText(0)).toBe('0.00 MB');
    expect(fileSizeText(58)).toBe('< 0.01 MB');
    expect(fileSizeText(5243)).toBe('0.01 MB');
    expect(fileSizeText(1024 * 1024)).toBe('1.00 MB');
    expect(fileSizeText(1.5 * 1024 * 1024)).toBe('1.50 MB');
    expect(fileSizeText(123_456)).toBe('0.12 MB');
  });

  it('turns an accept list into types with their name endings', () => {
    expect(dropzoneAccept('image/png, application/pdf,application/msword,.doc,.pdf,.odt')).toEqual({
      'image/png': ['.odt'],
      'application/pdf': ['.pdf'],
      'application/msword': ['.doc'],
    });
    expect(dropzoneAccept(HOME_VISIT_FILE_ACCEPT)).toEqual({
      'image/jpeg': [],
      'image/png': [],
      'image/gif': [],
      'image/webp': [],
      'application/pdf': ['.pdf'],
      'application/msword': ['.doc'],
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document': ['.docx'],
    });
  });
});
