import { describe, expect, it } from 'vitest';
import { pageCount, pageNumbers } from './pagination';

describe('pageNumbers', () => {
  it('shows every page when there are at most five', () => {
    expect(pageNumbers(1, 0)).toEqual([]);
    expect(pageNumbers(1, 1)).toEqual([1]);
    expect(pageNumbers(3, 5)).toEqual([1, 2, 3, 4, 5]);
  });

  it('shows a window of five around the current page, kept inside the range', () => {
    expect(pageNumbers(1, 12)).toEqual([1, 2, 3, 4, 5]);
    expect(pageNumbers(3, 12)).toEqual([1, 2, 3, 4, 5]);
    expect(pageNumbers(4, 12)).toEqual([2, 3, 4, 5, 6]);
    expect(pageNumbers(7, 12)).toEqual([5, 6, 7, 8, 9]);
    expect(pageNumbers(11, 12)).toEqual([8, 9, 10, 11, 12]);
    expect(pageNumbers(12, 12)).toEqual([8, 9, 10, 11, 12]);
    expect(pageNumbers(40, 12)).toEqual([8, 9, 10, 11, 12]);
  });

  it('counts pages', () => {
    expect(pageCount(0, 10)).toBe(0);
    expect(pageCount(10, 10)).toBe(1);
    expect(pageCount(11, 10)).toBe(2);
  });
});
