/** The pure parts of the one list pager (components/ListPager.tsx). */

/** The pager shows at most this many page buttons (spec part 1 §9, part 2 §9). */
export const PAGER_WINDOW = 5;

/** How many pages `total` records make at `pageSize` a page; at least 1. */
export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/** 1-based positions of the first and last record a page shows; 0 and 0 when it shows none. */
export function shownRange(page: number, pageSize: number, count: number): { from: number; to: number } {
  if (count <= 0) return { from: 0, to: 0 };
  const from = (page - 1) * pageSize + 1;
  return { from, to: from + count - 1 };
}

/** The page numbers the pager shows: at most `size`, around the current page. */
export function pageWindow(page: number, totalPages: number, size: number = PAGER_WINDOW): number[] {
  const count = Math.min(size, totalPages);
  const start = Math.min(Math.max(1, page - Math.floor(size / 2)), totalPages - count + 1);
  return Array.from({ length: count }, (_, i) => start + i);
}
