import { describe, expect, it } from 'vitest';
import { EQUIPMENT_SHEET_COLUMNS } from '../../../shared/contracts/google-sheets';
import { cellsHash, changedFields, createFields, readEquipmentTab, type EditableCells } from './sheet-rows';

const cells = (over: Partial<EditableCells> = {}): EditableCells => ({
  Name: 'Camera',
  Code: 'CAM-1',
  Description: '',
  Category: 'General',
  Condition: 'good',
  Location: 'Store',
  Quantity: '1',
  'Min Stock': '0',
  Status: 'available',
  ...over,
});
const header = [...EQUIPMENT_SHEET_COLUMNS];
const row = (id: string, c: EditableCells, modified = '') =>
  ['', ...header.slice(1)].map((col, i) =>
    i === 0 ? id : col === 'Last Modified' ? modified : col === 'Current Stock' ? '1' : c[col as keyof EditableCells],
  );

describe('readEquipmentTab', () => {
  it('reads rows by header name, skips blank rows, numbers rows as the sheet does', () => {
    const grid = [header, row('7', cells(), '2026-01-01T00:00:00.000Z'), ['', '', ''], row('', cells({ Name: 'New' }))];
    expect(readEquipmentTab(grid)).toEqual({
      rows: [
        { row: 2, id: 7, cells: cells(), lastModified: '2026-01-01T00:00:00.000Z' },
        { row: 4, id: null, cells: cells({ Name: 'New' }), lastModified: '' },
      ],
      rejected: [],
    });
  });

  it('follows moved columns', () => {
    const moved = [...header].reverse();
    const data = [...row('3', cells({ Code: 'X-9' }))].reverse();
    expect(readEquipmentTab([moved, data]).rows[0]).toMatchObject({ id: 3, cells: { Code: 'X-9' } });
  });

  it.each([
    ['abc', 'ID "abc" is not an equipment ID (leave it empty for a new item)'],
    ['1.5', 'ID "1.5" is not an equipment ID (leave it empty for a new item)'],
    ['-2', 'ID "-2" is not an equipment ID (leave it empty for a new item)'],
    ['1e1', 'ID "1e1" is not an equipment ID (leave it empty for a new item)'],
    ['4e0', 'ID "4e0" is not an equipment ID (leave it empty for a new item)'],
    ['0x1A', 'ID "0x1A" is not an equipment ID (leave it empty for a new item)'],
    ['+3', 'ID "+3" is not an equipment ID (leave it empty for a new item)'],
  ])('reports the bad ID %s', (id, error) => {
    expect(readEquipmentTab([header, row(id, cells())]).rejected).toEqual([{ tab: 'Equipment', row: 2, error }]);
  });

  it.each([
    ['Quantity', '1e1'],
    ['Quantity', '-5'],
    ['Quantity', '2.5'],
    ['Quantity', '0x1A'],
    ['Min Stock', '1e308'],
    ['Min Stock', '+3'],
  ] as const)(
    'reports %s "%s" instead of reading it as a number (digits only, as the bulk import)',
    (column, value) => {
      expect(readEquipmentTab([header, row('5', cells({ [column]: value }))])).toEqual({
        rows: [],
        rejected: [
          { tab: 'Equipment', row: 2, error: `${column} "${value}" must be a whole number written in digits` },
        ],
      });
    },
  );

  it('takes digits and leaves an empty number cell to the form rules', () => {
    const out = readEquipmentTab([header, row('5', cells({ Quantity: '12', 'Min Stock': '' }))]);
    expect(out.rejected).toEqual([]);
    expect(out.rows[0]?.cells).toMatchObject({ Quantity: '12', 'Min Stock': '' });
  });

  it('uses the first of two rows with one ID and reports the second', () => {
    const out = readEquipmentTab([header, row('5', cells()), row('5', cells({ Name: 'Copy' }))]);
    expect(out.rows).toHaveLength(1);
    expect(out.rejected).toEqual([{ tab: 'Equipment', row: 3, error: 'ID 5 appears twice: the first row was used' }]);
  });

  it('refuses a tab whose header lost a column', () => {
    expect(readEquipmentTab([header.filter((h) => h !== 'Code'), ['1']]).rejected).toEqual([
      { tab: 'Equipment', row: 1, error: 'The header row is missing Code' },
    ]);
    expect(readEquipmentTab([]).rejected[0]?.error).toContain('missing ID');
  });
});

describe('changedFields / createFields / cellsHash', () => {
  it('sends only edited cells, trimmed; an emptied description is null', () => {
    expect(changedFields(cells({ Name: ' Tripod ', Description: '' }), cells({ Description: 'old' }))).toEqual({
      name: 'Tripod',
      description: null,
    });
    expect(changedFields(cells({ Name: 'Camera ' }), cells())).toEqual({});
  });

  it('a new row leaves empty cells to the form defaults', () => {
    expect(createFields(cells({ Description: '', Quantity: '' }))).not.toHaveProperty('quantity');
  });

  it('end whitespace is not a change; any other edit is', () => {
    expect(cellsHash(cells({ Name: 'Camera  ' }))).toBe(cellsHash(cells()));
    expect(cellsHash(cells({ Quantity: '2' }))).not.toBe(cellsHash(cells()));
  });
});
