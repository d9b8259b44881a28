import { describe, expect, it } from 'vitest';
import { EQUIPMENT_CSV_COLUMNS, EQUIPMENT_CSV_TEMPLATE_ROWS, EQUIPMENT_LIMITS } from './constants';
import {
  equipmentCsvFileError,
  equipmentCsvTemplate,
  normaliseEquipmentCsvRow,
  parseEquipmentCsv,
} from './equipment-csv';

const rowsOf = (text: string) => {
  const parsed = parseEquipmentCsv(text);
  if (!parsed.ok) throw new Error(parsed.error);
  return parsed.rows;
};

describe('equipment CSV file check', () => {
  it('accepts a .csv name (any case) or the text/csv type and refuses anything else', () => {
    expect(equipmentCsvFileError({ name: 'kit.CSV', type: '' })).toBeNull();
    expect(equipmentCsvFileError({ name: 'export', type: 'text/csv' })).toBeNull();
    expect(equipmentCsvFileError({ name: 'kit.xlsx', type: 'application/vnd.ms-excel' })).toBe(
      'Please select a CSV file',
    );
  });
});

describe('parseEquipmentCsv', () => {
  it('asks for input when there is no text or only whitespace', () => {
    expect(parseEquipmentCsv('')).toEqual({ ok: false, error: 'Please select a CSV file or paste CSV data' });
    expect(parseEquipmentCsv(undefined)).toEqual({ ok: false, error: 'Please select a CSV file or paste CSV data' });
    expect(parseEquipmentCsv(' \n\t')).toEqual({ ok: false, error: 'Please select a CSV file or paste CSV data' });
  });

  it('needs a header and at least one data row', () => {
    expect(parseEquipmentCsv('name,code,location\n')).toEqual({ ok: false, error: 'No valid data found in CSV' });
    expect(parseEquipmentCsv('name,code,location\n\n , , \n')).toEqual({
      ok: false,
      error: 'No valid data found in CSV',
    });
  });

  it('strips a byte-order mark and matches headers case-insensitively with stray spaces', () => {
    const rows = rowsOf('\uFEFFName, CODE ,Location\r\nTripod,TRP-1,Store\r\n');
    expect(rows).toEqual([{ name: 'Tripod', code: 'TRP-1', location: 'Store' }]);
  });

  it('keeps commas, doubled quotes and newlines inside quoted fields', () => {
    const rows = rowsOf('name,code,location,description\n"Camera, 4K",CAM-1,"Store ""A""","line one\nline two"\n');
    expect(rows).toEqual([
      { name: 'Camera, 4K', code: 'CAM-1', location: 'Store "A"', description: 'line one\nline two' },
    ]);
  });

  it('skips blank and whitespace-only lines between rows', () => {
    const rows = rowsOf('name,code,location\n\nA,A-1,X\n   \nB,B-1,Y\n\n');
    expect(rows.map((r) => r.code)).toEqual(['A-1', 'B-1']);
  });

  it('drops surplus cells that belong to no column', () => {
    expect(rowsOf('name,code,location\nA,A-1,X,extra,more\n')).toEqual([{ name: 'A', code: 'A-1', location: 'X' }]);
  });
});

describe('normaliseEquipmentCsvRow', () => {
  const base = { name: 'Tripod', code: 'TRP-1', location: 'Store' };

  it('applies the defaults of docs/product.md §Validation to empty values', () => {
    expect(normaliseEquipmentCsvRow({ ...base, status: '', category: ' ', condition: '', quantity: '' })).toEqual({
      ok: true,
      record: { ...base, description: null, status: 'available', category: 'General', condition: 'good', quantity: 1 },
    });
  });

  it('turns a quantity without any number (spec: unparsable) into 1 and reads a whole number', () => {
    const q = (quantity: unknown) => {
      const r = normaliseEquipmentCsvRow({ ...base, quantity });
      return r.ok ? r.record.quantity : r.error;
    };
    expect([q('abc'), q('n/a'), q('7'), q(' 12 '), q(4), q('007')]).toEqual([1, 1, 7, 12, 4, 7]);
    expect(q(String(EQUIPMENT_LIMITS.quantity + 1))).toBe(`Quantity must be at most ${EQUIPMENT_LIMITS.quantity}`);
  });

  it('reports a number that is not a whole number from 1 up instead of turning it into 1', () => {
    const q = (quantity: unknown) => {
      const r = normaliseEquipmentCsvRow({ ...base, quantity });
      return r.ok ? r.record.quantity : r.error;
    };
    const bad = (shown: string) =>
      `Invalid quantity "${shown}": use a whole number from 1 to ${EQUIPMENT_LIMITS.quantity}`;
    expect([q('1e308'), q('-5'), q('0'), q('4e0'), q('2.9'), q('12abc'), q('1,000'), q(2.5), q(1e308)]).toEqual([
      bad('1e308'),
      bad('-5'),
      bad('0'),
      bad('4e0'),
      bad('2.9'),
      bad('12abc'),
      bad('1,000'),
      bad('2.5'),
      bad('1e+308'),
    ]);
  });

  it("reports a NUL character in a column as that row's error", () => {
    expect(normaliseEquipmentCsvRow({ ...base, name: 'Tri\u0000pod' })).toEqual({
      ok: false,
      code: 'TRP-1',
      error: 'Name must not contain NUL characters',
    });
    expect(normaliseEquipmentCsvRow({ ...base, code: 'TRP\u0000' })).toEqual({
      ok: false,
      code: null,
      error: 'Code must not contain NUL characters',
    });
  });

  it('names the first missing required field and keeps the code when there is one', () => {
    expect(normaliseEquipmentCsvRow({ name: 'A', location: 'X' })).toEqual({
      ok: false,
      code: null,
      error: 'Missing required field: code',
    });
    expect(normaliseEquipmentCsvRow({ code: 'A-1', name: ' ', location: 'X' })).toEqual({
      ok: false,
      code: 'A-1',
      error: 'Missing required field: name',
    });
    expect(normaliseEquipmentCsvRow({ code: 'A-1', name: 'A' })).toEqual({
      ok: false,
      code: 'A-1',
      error: 'Missing required field: location',
    });
  });

  it('refuses an unknown status or condition but accepts any letter case', () => {
    const bad = normaliseEquipmentCsvRow({ ...base, status: 'lost' });
    expect(bad).toMatchObject({ ok: false, code: 'TRP-1' });
    expect(!bad.ok && bad.error).toMatch(/^Invalid status "lost": use one of available/);
    const mint = normaliseEquipmentCsvRow({ ...base, condition: 'mint' });
    expect(!mint.ok && mint.error).toMatch(/^Invalid condition "mint"/);
    expect(normaliseEquipmentCsvRow({ ...base, status: 'Maintenance', condition: 'POOR' })).toMatchObject({
      ok: true,
      record: { status: 'maintenance', condition: 'poor' },
    });
  });

  it('matches keys like headers and ignores unknown columns', () => {
    expect(normaliseEquipmentCsvRow({ ' Name ': 'A', CODE: 'A-1', Location: 'X', serial: 'S/N 1' })).toMatchObject({
      ok: true,
      record: { name: 'A', code: 'A-1', location: 'X' },
    });
  });

  it('answers hostile shapes with a row error instead of throwing', () => {
    expect(normaliseEquipmentCsvRow(null)).toMatchObject({ ok: false });
    expect(normaliseEquipmentCsvRow(['a', 'b'])).toMatchObject({ ok: false });
    expect(normaliseEquipmentCsvRow({ ...base, name: { $gt: '' } })).toEqual({
      ok: false,
      code: 'TRP-1',
      error: 'Name must be text',
    });
    expect(normaliseEquipmentCsvRow({ ...base, code: ['x'] })).toEqual({
      ok: false,
      code: null,
      error: 'Code must be text',
    });
    expect(normaliseEquipmentCsvRow({ ...base, name: 'x'.repeat(EQUIPMENT_LIMITS.name + 1) })).toMatchObject({
      ok: false,
      error: `Name must be at most ${EQUIPMENT_LIMITS.name} characters`,
    });
  });
});

describe('equipmentCsvTemplate', () => {
  it('has the known columns and five sample rows that import cleanly, one with a quoted comma', () => {
    const template = equipmentCsvTemplate();
    expect(template.split('\r\n')[0]).toBe(EQUIPMENT_CSV_COLUMNS.join(','));
    const rows = rowsOf(template);
    expect(rows).toHaveLength(EQUIPMENT_CSV_TEMPLATE_ROWS);
    expect(rows.some((r) => r.description?.includes(','))).toBe(true);
    const codes = rows.map((r) => {
      const n = normaliseEquipmentCsvRow(r);
      return n.ok ? n.record.code : n.error;
    });
    expect(new Set(codes).size).toBe(EQUIPMENT_CSV_TEMPLATE_ROWS);
    expect(codes.every((c) => /^[A-Z]+-\d+$/.test(c))).toBe(true);
  });
});
