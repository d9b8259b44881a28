import { describe, expect, it } from 'vitest';
import { hasNextPage, lastPage } from './news-paging';

describe('shared news paging', () => {
  it('follows the longest of the three lists', () => {
    expect(lastPage([3, 41, 20], 20)).toBe(3);
    expect(hasNextPage([3, 41, 20], 2, 20)).toBe(true);
    expect(hasNextPage([3, 41, 20], 3, 20)).toBe(false);
  });

  it('has one page when everything is empty or fits', () => {
    expect(lastPage([0, 0, 0], 20)).toBe(1);
    expect(lastPage([], 20)).toBe(1);
    expect(hasNextPage([20, 20, 20], 1, 20)).toBe(false);
    expect(hasNextPage([21, 0, 0], 1, 20)).toBe(true);
  });
});
