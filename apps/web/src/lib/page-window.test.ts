import { describe, expect, it } from 'vitest';
import { pageCountOf, pageParam, pageWindow } from './page-window';

describe('pageWindow (SPEC §9: 11 page numbers)', () => {
  it('shows every page when there are 11 or fewer', () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(3, 4)).toEqual([1, 2, 3, 4]);
    expect(pageWindow(11, 11)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
  });

  it('centres the current page among 11 and shifts at the ends', () => {
    expect(pageWindow(1, 40)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    expect(pageWindow(6, 40)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    expect(pageWindow(7, 40)).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(pageWindow(99, 40)).toEqual([30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40]);
    expect(pageWindow(20, 40)).toEqual([15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25]);
    expect(pageWindow(40, 40)).toEqual([30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40]);
  });

  it('always holds the current page, keeps within the pages, and is at most 11 long', () => {
    for (let pageCount = 1; pageCount <= 30; pageCount++) {
      for (let page = 1; page <= pageCount; page++) {
        const w = pageWindow(page, pageCount);
        expect(w).toContain(page);
        expect(w.length).toBe(Math.min(11, pageCount));
        expect(w[0]).toBeGreaterThanOrEqual(1);
        expect(w.at(-1)).toBeLessThanOrEqual(pageCount);
      }
    }
  });

  it('clamps a page past the end, and shows nothing without pages', () => {
    expect(pageWindow(99, 3)).toEqual([1, 2, 3]);
    expect(pageWindow(1, 0)).toEqual([]);
  });

  it('counts pages and reads the page parameter', () => {
    expect([pageCountOf(0, 10), pageCountOf(10, 10), pageCountOf(11, 10)]).toEqual([0, 1, 2]);
    expect([
      pageParam(null),
      pageParam('3'),
      pageParam('0'),
      pageParam('-2'),
      pageParam('x'),
      pageParam('2.5'),
    ]).toEqual([1, 3, 1, 1, 1, 1]);
  });
});
