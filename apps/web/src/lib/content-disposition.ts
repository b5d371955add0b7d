/**
 * The file name in a Content-Disposition header (RFC 6266: filename* in UTF-8 first, then filename),
 * else `fallback`. Path parts are dropped.
 */
export function filenameFromDisposition(header: unknown, fallback: string): string {
  if (typeof header !== 'string') return fallback;
  let name: string | undefined;
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header);
  if (extended) {
    try {
      name = decodeURIComponent(extended[1].trim());
    } catch {
      name = undefined;
    }
  }
  if (!name) {
    const plain = /filename\s*=\s*("([^"]*)"|[^;]+)/.exec(header);
    name = plain ? (plain[2] ?? plain[1]).trim() : undefined;
  }
  const base = name?.split(/[\\/]/).pop()?.trim();
  return base || fallback;
}
