import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { PAGE_LINKS, pageWindow } from '../../../src/lib/pageWindow';

describe('pageWindow', () => {
  it('centres the current page where it can', () => {
    expect(pageWindow(1, 3)).toEqual([1, 2, 3]);
    expect(pageWindow(1, 40)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(pageWindow(20, 40)).toEqual([16, 17, 18, 19, 20, 21, 22, 23, 24, 25]);
    expect(pageWindow(40, 40)).toEqual([31, 32, 33, 34, 35, 36, 37, 38, 39, 40]);
    expect(pageWindow(1, 0)).toEqual([]);
  });

  it('property: at most 10 contiguous pages within bounds, containing the current one', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 5000 }), fc.integer({ min: -5, max: 6000 }), (totalPages, page) => {
        const pages = pageWindow(page, totalPages);
        const current = Math.min(Math.max(1, page), totalPages);
        expect(pages.length).toBe(Math.min(PAGE_LINKS, totalPages));
        expect(pages).toContain(current);
        pages.forEach((number, index) => {
          expect(number).toBeGreaterThanOrEqual(1);
          expect(number).toBeLessThanOrEqual(totalPages);
          if (index > 0) expect(number).toBe(pages[index - 1] + 1);
        });
      }),
    );
  });
});
