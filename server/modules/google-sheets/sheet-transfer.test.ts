import { describe, expect, it } from 'vitest';
import { joinRowsJson } from './sheet-transfer';

describe('joinRowsJson', () => {
  it('splices pages of rows into one JSON array without parsing them', () => {
    const pages = [
      JSON.stringify([
        ['1', 'Camera, "A"'],
        ['2', 'ސެޓަޕް'],
      ]),
      JSON.stringify([]),
      JSON.stringify([['3', '[]']]),
    ];
    expect(JSON.parse(joinRowsJson(pages))).toEqual([
      ['1', 'Camera, "A"'],
      ['2', 'ސެޓަޕް'],
      ['3', '[]'],
    ]);
  });

  it('is an empty array for no pages or empty pages only', () => {
    expect(joinRowsJson([])).toBe('[]');
    expect(joinRowsJson(['[]', '[]'])).toBe('[]');
  });
});
