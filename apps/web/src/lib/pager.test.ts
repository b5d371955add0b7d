import { describe, expect, it } from 'vitest';
import { pageCount, pageWindow, shownRange } from './pager.ts';

describe('pager', () => {
  it('counts pages, at least one', () => {
    expect(pageCount(0, 10)).toBe(1);
    expect(pageCount(10, 10)).toBe(1);
    expect(pageCount(11, 10)).toBe(2);
    expect(pageCount(23, 5)).toBe(5);
  });

  it("reports the shown range ('Showing x-y of n')", () => {
    expect(shownRange(1, 10, 10)).toEqual({ from: 1, to: 10 });
    expect(shownRange(2, 10, 1)).toEqual({ from: 11, to: 11 });
    expect(shownRange(3, 5, 2)).toEqual({ from: 11, to: 12 });
    expect(shownRange(1, 10, 0)).toEqual({ from: 0, to: 0 });
  });

  it('shows at most 5 page buttons around the current page', () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(2, 3)).toEqual([1, 2, 3]);
    expect(pageWindow(1, 12)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(6, 12)).toEqual([4, 5, 6, 7, 8]);
    expect(pageWindow(12, 12)).toEqual([8, 9, 10, 11, 12]);
    expect(pageWindow(11, 12)).toEqual([8, 9, 10, 11, 12]);
  });
});
