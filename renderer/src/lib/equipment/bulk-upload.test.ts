import { describe, expect, it } from 'vitest';
import { addChunkResults, bulkErrorLines, bulkSummary, chunkRows, emptyResults } from './bulk-upload';

describe('bulk upload helpers', () => {
  it('splits rows into chunks that remember how many rows came before', () => {
    const rows = Array.from({ length: 2501 }, (_, i) => i);
    const chunks = chunkRows(rows, 1000);
    expect(chunks.map((c) => [c.offset, c.rows.length])).toEqual([
      [0, 1000],
      [1000, 1000],
      [2000, 501],
    ]);
    expect(chunks[2]!.rows[0]).toBe(2000);
    expect(chunkRows([], 1000)).toEqual([]);
  });

  it('keeps the file line numbers across chunks and adds up the counts', () => {
    let total = emptyResults();
    total = addChunkResults(
      total,
      { success: 999, failed: 1, errors: [{ row: 5, code: 'A', error: 'Location is required' }] },
      0,
    );
    total = addChunkResults(
      total,
      {
        success: 998,
        failed: 2,
        errors: [
          { row: 2, code: 'B', error: 'Duplicate code' },
          { row: 1001, code: null, error: 'Name is required' },
        ],
      },
      1000,
    );
    expect(total.success).toBe(1997);
    expect(total.failed).toBe(3);
    expect(total.errors.map((e) => e.row)).toEqual([5, 1002, 2001]);
    const dup = addChunkResults(
      emptyResults(),
      { success: 0, failed: 1, errors: [{ row: 9, code: 'X', error: 'Duplicate code in this file (first on row 4)' }] },
      1000,
    );
    expect(dup.errors[0]).toEqual({ row: 1009, code: 'X', error: 'Duplicate code in this file (first on row 1004)' });
  });

  it('lists the first 3 errors then "and N more..."', () => {
    const errors = Array.from({ length: 5 }, (_, i) => ({
      row: i + 2,
      code: i === 0 ? null : `C${i}`,
      error: 'Location is required',
    }));
    expect(bulkErrorLines(errors)).toEqual([
      'Row 2: Location is required',
      'Row 3 (C1): Location is required',
      'Row 4 (C2): Location is required',
      'and 2 more...',
    ]);
    expect(bulkErrorLines(errors.slice(0, 3))).toEqual([
      'Row 2: Location is required',
      'Row 3 (C1): Location is required',
      'Row 4 (C2): Location is required',
    ]);
    // A server that lists fewer errors than it counts failures still says how many remain.
    expect(bulkErrorLines(errors.slice(0, 1), 10).at(-1)).toBe('and 9 more...');
  });

  it('summarises the counts', () => {
    expect(bulkSummary({ success: 49, failed: 1, errors: [] })).toBe('49 imported, 1 failed');
  });
});
