/**
 * Photos kept on the phone for later sending are shrunk first (issue 47, part C): a phone camera's
 * photo of several megabytes becomes a JPEG of about 1600 px on its long side, which is enough to see
 * a child's work or a home, and costs the teacher far less storage and mobile data. Loaded with the
 * outbox (lib/outbox-sender.ts), never with a first page.
 */

/** The long side of a shrunk photo, in pixels. */
export const PHOTO_LONG_SIDE = 1600;

/**
 * A photo smaller than this that is not too large in pixels is kept as it is: redrawing it saves
 * little, and it would lose its own encoding for a JPEG's.
 */
export const SHRINK_ABOVE_BYTES = 500 * 1024;

/** Small enough for mobile data, with no blocks or smears a person would notice at that size. */
export const JPEG_QUALITY = 0.82;

/**
 * The images a canvas redraws without loss of what they show: JPEG, PNG and WebP. GIFs are left
 * alone (a redraw would keep only the first frame of an animation), as are PDFs and Word files.
 */
const SHRINKABLE_TYPES = ['image/jpeg', 'image/png', 'image/webp'];

/** Whether a file is a photo to shrink, from its type, else from its name (some browsers give none). */
export function isShrinkablePhoto(type: string, name: string): boolean {
  if (type) return SHRINKABLE_TYPES.includes(type.toLowerCase());
  return /\.(jpe?g|png|webp)$/i.test(name);
}

/** Whether a decoded photo is worth redrawing: too many pixels, or too many bytes. */
export const needsShrinking = (bytes: number, width: number, height: number) =>
  Math.max(width, height) > PHOTO_LONG_SIDE || bytes > SHRINK_ABOVE_BYTES;

/** The size to draw a photo at: its own when it fits, else scaled so its long side is PHOTO_LONG_SIDE. */
export function shrunkSize(width: number, height: number): { width: number; height: number } {
  const scale = Math.min(1, PHOTO_LONG_SIDE / Math.max(width, height));
  return {
    width: Math.max(1, Math.round(width * scale)),
    height: Math.max(1, Math.round(height * scale)),
  };
}

/** The shrunk photo's name: the same name ending in .jpg, since it is a JPEG now. */
export function jpegName(name: string): string {
  const stem = name.replace(/\.[^./\\]*$/, '');
  return `${stem || 'photo'}.jpg`;
}

type Context2d = CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D;

function paint(context: Context2d, bitmap: ImageBitmap, width: number, height: number) {
  // A JPEG has no transparency: the clear parts of a PNG become white, not black.
  context.fillStyle = '#fff';
  context.fillRect(0, 0, width, height);
  context.imageSmoothingQuality = 'high';
  context.drawImage(bitmap, 0, 0, width, height);
}

/** The bitmap drawn at width × height as a JPEG (an OffscreenCanvas where the browser has one). */
async function encodeJpeg(bitmap: ImageBitmap, width: number, height: number): Promise<Blob | null> {
  if (typeof OffscreenCanvas !== 'undefined') {
    const canvas = new OffscreenCanvas(width, height);
    const context = canvas.getContext('2d');
    if (!context) return null;
    paint(context, bitmap, width, height);
    return canvas.convertToBlob({ type: 'image/jpeg', quality: JPEG_QUALITY });
  }
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  if (!context) return null;
  paint(context, bitmap, width, height);
  return new Promise((resolve) => canvas.toBlob(resolve, 'image/jpeg', JPEG_QUALITY));
}

/**
 * A file to keep in the outbox, shrunk when it is a large photo: redrawn upright (as the camera
 * turned it) at most PHOTO_LONG_SIDE on its long side, as a JPEG named .jpg. The original is kept when
 * it is not a photo, is small already, cannot be decoded here, or when the JPEG would not be smaller.
 */
export async function shrinkPhoto(blob: Blob, name: string): Promise<{ blob: Blob; name: string }> {
  const original = { blob, name };
  if (!isShrinkablePhoto(blob.type, name)) return original;
  let bitmap: ImageBitmap | undefined;
  try {
    bitmap = await createImageBitmap(blob, { imageOrientation: 'from-image' });
    if (!needsShrinking(blob.size, bitmap.width, bitmap.height)) return original;
    const size = shrunkSize(bitmap.width, bitmap.height);
    const jpeg = await encodeJpeg(bitmap, size.width, size.height);
    if (!jpeg || jpeg.type !== 'image/jpeg' || jpeg.size >= blob.size) return original;
    const shrunkName = jpegName(name);
    return { blob: new File([jpeg], shrunkName, { type: 'image/jpeg' }), name: shrunkName };
  } catch {
    // Not decodable in this browser (or no canvas): the server takes the file as it is.
    return original;
  } finally {
    bitmap?.close();
  }
}
