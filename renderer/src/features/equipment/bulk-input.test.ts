import { describe, expect, it } from 'vitest';
import Papa from 'papaparse';
import { equipmentCsvTemplate } from '@shared/equipment-csv';
import { readBulkInput, templateCsvText } from './bulk-input';

const csv = ['code,name,location', ...Array.from({ length: 50 }, (_, i) => `C-${i},Item ${i},Store`)].join('\n');

describe('bulk input', () => {
  it('needs a file or pasted text', async () => {
    expect(await readBulkInput(null, '  ')).toEqual({ ok: false, error: 'Please select a CSV file or paste CSV data' });
  });

  it('refuses a file that is not CSV', async () => {
    const file = new File(['x'], 'kit.xlsx', { type: 'application/vnd.ms-excel' });
    expect(await readBulkInput(file, '')).toEqual({ ok: false, error: 'Please select a CSV file' });
  });

  it('reads 50 pasted lines, and a chosen file before pasted text', async () => {
    const pasted = await readBulkInput(null, csv);
    expect(pasted.ok && pasted.rows.length).toBe(50);
    const fromFile = await readBulkInput(
      new File(['code,name,location\nA,B,C\n'], 'kit.csv', { type: 'text/csv' }),
      csv,
    );
    expect(fromFile.ok && fromFile.rows).toEqual([{ code: 'A', name: 'B', location: 'C' }]);
  });

  it('says when only a header came', async () => {
    expect(await readBulkInput(null, 'code,name,location\n')).toEqual({
      ok: false,
      error: 'No valid data found in CSV',
    });
  });

  it('downloads the template with neutralised cells and the same rows as the template', () => {
    const cells = Papa.parse<string[]>(templateCsvText(), { skipEmptyLines: true }).data.flat();
    expect(cells.filter((c) => /^[=+\-@\t\r]/.test(c))).toEqual([]);
    expect(Papa.parse(templateCsvText()).data).toEqual(Papa.parse(equipmentCsvTemplate()).data);
  });
});
