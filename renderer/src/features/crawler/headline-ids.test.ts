import { describe, expect, it } from 'vitest';
import { headlineIds, moveHeadline, resolveHeadlineIndex } from './headline-ids';

describe('headlineIds', () => {
  it('is unique with duplicate headlines and stable when rows move', () => {
    expect(headlineIds(['A', 'B', 'A'])).toEqual(['0:A', '0:B', '1:A']);
    expect(headlineIds(['B', 'A'])).toEqual(['0:B', '0:A']);
  });
});

describe('moveHeadline', () => {
  it('moves down and up', () => {
    expect(moveHeadline(['A', 'B', 'C'], 0, 2)).toEqual(['B', 'C', 'A']);
    expect(moveHeadline(['A', 'B', 'C'], 2, 0)).toEqual(['C', 'A', 'B']);
  });

  it('returns null for a drop in place or out of range', () => {
    expect(moveHeadline(['A', 'B'], 1, 1)).toBeNull();
    expect(moveHeadline(['A', 'B'], -1, 1)).toBeNull();
    expect(moveHeadline(['A', 'B'], 0, 2)).toBeNull();
  });
});

describe('resolveHeadlineIndex', () => {
  it('keeps the slot when the text is still there, else finds it, else -1', () => {
    expect(resolveHeadlineIndex(['A', 'B'], 1, 'B')).toBe(1);
    expect(resolveHeadlineIndex(['B'], 1, 'B')).toBe(0);
    expect(resolveHeadlineIndex(['C'], 0, 'B')).toBe(-1);
  });
});
