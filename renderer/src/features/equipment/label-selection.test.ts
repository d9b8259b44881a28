import { describe, expect, it } from 'vitest';
import { addAll, labelsPath, toggleId } from './label-selection';

describe('label selection', () => {
  it('toggles ids, keeping the order picked', () => {
    expect(toggleId([3, 1], 2)).toEqual([3, 1, 2]);
    expect(toggleId([3, 1, 2], 1)).toEqual([3, 2]);
  });

  it('adds the shown items after the picked ones, each once', () => {
    expect(addAll([5, 2], [1, 2, 3])).toEqual([5, 2, 1, 3]);
  });

  it('opens the label sheet with the ids', () => {
    expect(labelsPath([4, 9])).toBe('/equipment/labels?ids=4,9');
  });
});
