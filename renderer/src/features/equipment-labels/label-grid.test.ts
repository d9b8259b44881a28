import { describe, expect, it } from 'vitest';
import { LABEL_SHEET, LABELS_PER_SHEET, parseLabelIds, pickByIds, sheetTopMarginMm, toSheets } from './label-grid';

describe('label grid', () => {
  it('fits 3 × 8 labels on A4', () => {
    expect(LABELS_PER_SHEET).toBe(24);
    expect(LABEL_SHEET.columns * LABEL_SHEET.labelWidthMm).toBeLessThanOrEqual(LABEL_SHEET.pageWidthMm);
    expect(sheetTopMarginMm()).toBe(4.5);
  });

  it('splits items into sheets', () => {
    const items = Array.from({ length: 50 }, (_, i) => i);
    const sheets = toSheets(items);
    expect(sheets.map((s) => s.length)).toEqual([24, 24, 2]);
    expect(sheets.flat()).toEqual(items);
    expect(toSheets([])).toEqual([]);
    expect(toSheets([1, 2, 3, 4], 2)).toEqual([
      [1, 2],
      [3, 4],
    ]);
  });

  it('reads the ids parameter', () => {
    expect(parseLabelIds(null)).toBeNull();
    expect(parseLabelIds('')).toBeNull();
    expect(parseLabelIds('3,1,2')).toEqual([3, 1, 2]);
    expect(parseLabelIds(' 4 , 4, x, -1, 0, 2.5, 7')).toEqual([4, 7]);
  });

  it('picks the chosen items in the chosen order, skipping unknown ids', () => {
    const items = [{ id: 1 }, { id: 2 }, { id: 3 }];
    expect(pickByIds(items, [3, 9, 1])).toEqual([{ id: 3 }, { id: 1 }]);
    expect(pickByIds(items, null)).toEqual(items);
  });
});
