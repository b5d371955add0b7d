import { filenameFromDisposition } from './content-disposition.ts';

/**
 * Saves a file the API answered (read with the bearer token, so not a plain link) under the name its
 * Content-Disposition gives, else `fallbackName`; answers the name. The object URL is released after
 * the browser has taken the file.
 */
export function saveDownload(
  res: { data: Blob; headers: Record<string, unknown> },
  fallbackName: string,
): string {
  const name = filenameFromDisposition(res.headers['content-disposition'], fallbackName);
  const url = URL.createObjectURL(res.data);
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = name;
    link.style.display = 'none';
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }
  return name;
}
