import { describe, expect, it } from 'vitest';
import {
  isShrinkablePhoto,
  jpegName,
  needsShrinking,
  PHOTO_LONG_SIDE,
  SHRINK_ABOVE_BYTES,
  shrinkPhoto,
  shrunkSize,
} from './photo-shrink.ts';

describe('which files are shrunk', () => {
  it('takes JPEG, PNG and WebP photos, by type or else by name', () => {
    expect(isShrinkablePhoto('image/jpeg', 'a.jpg')).toBe(true);
    expect(isShrinkablePhoto('image/png', 'a.png')).toBe(true);
    expect(isShrinkablePhoto('image/webp', 'a.webp')).toBe(true);
    expect(isShrinkablePhoto('IMAGE/JPEG', 'a')).toBe(true);
    expect(isShrinkablePhoto('', 'IMG_0042.JPEG')).toBe(true);
    expect(isShrinkablePhoto('', 'scan.png')).toBe(true);
  });

  it('leaves GIFs, PDFs, Word files and unknown files alone', () => {
    expect(isShrinkablePhoto('image/gif', 'moving.gif')).toBe(false);
    expect(isShrinkablePhoto('application/pdf', 'report.pdf')).toBe(false);
    expect(
      isShrinkablePhoto('application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'a.docx'),
    ).toBe(false);
    expect(isShrinkablePhoto('', 'letter.doc')).toBe(false);
    expect(isShrinkablePhoto('', 'photo')).toBe(false);
    // The type decides over the name.
    expect(isShrinkablePhoto('application/pdf', 'looks-like.jpg')).toBe(false);
  });

  it('redraws a photo that is too large in pixels or in bytes, not a small one', () => {
    expect(needsShrinking(100_000, 4000, 3000)).toBe(true);
    expect(needsShrinking(100_000, 1200, PHOTO_LONG_SIDE + 1)).toBe(true);
    expect(needsShrinking(SHRINK_ABOVE_BYTES + 1, 1200, 900)).toBe(true);
    expect(needsShrinking(SHRINK_ABOVE_BYTES, PHOTO_LONG_SIDE, 1200)).toBe(false);
    expect(needsShrinking(40_000, 800, 600)).toBe(false);
  });
});

describe('the shrunk photo', () => {
  it('is scaled so its long side is 1600 px, keeping its shape', () => {
    expect(shrunkSize(4000, 3000)).toEqual({ width: 1600, height: 1200 });
    expect(shrunkSize(3000, 2000)).toEqual({ width: 1600, height: 1067 });
    expect(shrunkSize(3024, 4032)).toEqual({ width: 1200, height: 1600 });
    expect(shrunkSize(20_000, 10)).toEqual({ width: 1600, height: 1 });
  });

  it('keeps its size when it fits already (only re-encoded)', () => {
    expect(shrunkSize(1600, 1200)).toEqual({ width: 1600, height: 1200 });
    expect(shrunkSize(640, 480)).toEqual({ width: 640, height: 480 });
  });

  it('is named as before, ending in .jpg', () => {
    expect(jpegName('doorstep.png')).toBe('doorstep.jpg');
    expect(jpegName('IMG_0042.JPEG')).toBe('IMG_0042.jpg');
    expect(jpegName('visit.2026.12.04.webp')).toBe('visit.2026.12.04.jpg');
    expect(jpegName('camera')).toBe('camera.jpg');
    expect(jpegName('.png')).toBe('photo.jpg');
  });
});

describe('shrinkPhoto', () => {
  it('keeps a file that is not a photo as it is, without decoding it', async () => {
    const pdf = new Blob([new Uint8Array(SHRINK_ABOVE_BYTES * 2)], { type: 'application/pdf' });
    const kept = await shrinkPhoto(pdf, 'report.pdf');
    expect(kept.blob).toBe(pdf);
    expect(kept.name).toBe('report.pdf');
  });

  it('keeps a photo it cannot decode as it is', async () => {
    // Not an image at all, though its type says so (and Node has no createImageBitmap either).
    const broken = new Blob([new Uint8Array(SHRINK_ABOVE_BYTES * 2)], { type: 'image/jpeg' });
    const kept = await shrinkPhoto(broken, 'broken.jpg');
    expect(kept.blob).toBe(broken);
    expect(kept.name).toBe('broken.jpg');
  });
});
