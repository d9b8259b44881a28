import { createHash } from 'node:crypto';
import type { Equipment, EquipmentRequest } from '../../../shared/contracts/equipment';
import {
  type EQUIPMENT_SHEET_COLUMNS,
  REQUEST_SHEET_COLUMNS,
  type RejectedRow,
} from '../../../shared/contracts/google-sheets';

/** Sheet column → equipment field, for the cells a person may edit in the sheet. */
export const EDITABLE_COLUMNS = {
  Name: 'name',
  Code: 'code',
  Description: 'description',
  Category: 'category',
  Condition: 'condition',
  Location: 'location',
  Quantity: 'quantity',
  'Min Stock': 'minStock',
  Status: 'status',
} as const satisfies Partial<Record<(typeof EQUIPMENT_SHEET_COLUMNS)[number], keyof Equipment>>;
type EditableColumn = keyof typeof EDITABLE_COLUMNS;
export type EditableCells = Record<EditableColumn, string>;
const EDITABLE = Object.keys(EDITABLE_COLUMNS) as EditableColumn[];

export function editableCells(item: Equipment): EditableCells {
  return Object.fromEntries(EDITABLE.map((col) => [col, String(item[EDITABLE_COLUMNS[col]] ?? '')])) as EditableCells;
}

/** Whitespace at the ends of a cell is not an edit. */
export function cellsHash(cells: EditableCells): string {
  return createHash('sha1')
    .update(JSON.stringify(EDITABLE.map((c) => cells[c].trim())))
    .digest('hex');
}

/** Data rows of the Equipment tab, in EQUIPMENT_SHEET_COLUMNS order (no header). */
export function equipmentRows(items: Equipment[]): string[][] {
  return items.map((i) => {
    const cells = editableCells(i);
    return [
      String(i.id),
      cells.Name,
      cells.Code,
      cells.Description,
      cells.Category,
      cells.Condition,
      cells.Location,
      cells.Quantity,
      String(i.currentStock),
      cells['Min Stock'],
      cells.Status,
      i.updatedAt,
    ];
  });
}

export function requestsGrid(requests: EquipmentRequest[]): string[][] {
  const text = (v: string | number | null) => (v === null ? '' : String(v));
  const rows = requests.map((r) =>
    [
      r.id,
      r.equipmentId,
      r.equipmentName,
      r.equipmentCode,
      r.requestedByName ?? r.requestedByUsername,
      r.purpose,
      r.location,
      r.expectedReturnDate,
      r.status,
      r.requestedAt,
      r.approvedAt,
      r.returnedAt,
      r.notes,
    ].map(text),
  );
  return [[...REQUEST_SHEET_COLUMNS], ...rows];
}

/** One data row of the Equipment tab as read back. */
export interface SheetEquipmentRow {
  /** As the sheet numbers it (header = 1). */
  row: number;
  /** null: a new row (empty ID) to be added. */
  id: number | null;
  cells: EditableCells;
  lastModified: string;
}

export interface ReadEquipmentTab {
  rows: SheetEquipmentRow[];
  rejected: RejectedRow[];
}

const TAB = 'Equipment';
/** Read as digits only, as the bulk import does: the form's number rule would read "1e1" as 10. */
const NUMBER_COLUMNS = ['Quantity', 'Min Stock'] as const;

/**
 * Reads the Equipment tab by header name (columns may be moved), page by page: row numbers are the
 * sheet's and a repeated ID is caught across pages. Blank rows are skipped; a row with a bad or
 * repeated ID is reported and left out, never guessed. `error`: the header itself is unusable.
 */
export function equipmentTabReader(headerRow: string[]): {
  error: RejectedRow | null;
  read(cells: string[][], firstRow: number): ReadEquipmentTab;
} {
  const header = headerRow.map((h) => h.trim());
  const missing = ['ID', ...EDITABLE].filter((c) => !header.includes(c));
  const error =
    missing.length > 0 ? { tab: TAB, row: 1, error: `The header row is missing ${missing.join(', ')}` } : null;
  const at = (cells: string[], col: string) => (cells[header.indexOf(col)] ?? '').trim();
  const seen = new Set<number>();
  const read = (page: string[][], firstRow: number): ReadEquipmentTab => {
    const result: ReadEquipmentTab = { rows: [], rejected: [] };
    page.forEach((cells, i) => {
      const row = firstRow + i;
      if (cells.every((c) => c.trim() === '')) return;
      const idText = at(cells, 'ID');
      // Decimal digits only, as ids everywhere (docs/api.md): Number() would read "1e1" as 10.
      const id = idText === '' ? null : /^\d{1,15}$/.test(idText) ? Number(idText) : NaN;
      if (id !== null && (!Number.isInteger(id) || id <= 0))
        return result.rejected.push({
          tab: TAB,
          row,
          error: `ID "${idText}" is not an equipment ID (leave it empty for a new item)`,
        });
      if (id !== null && seen.has(id))
        return result.rejected.push({ tab: TAB, row, error: `ID ${id} appears twice: the first row was used` });
      if (id !== null) seen.add(id);
      const editable = Object.fromEntries(EDITABLE.map((c) => [c, at(cells, c)])) as EditableCells;
      const notDigits = NUMBER_COLUMNS.find((c) => editable[c] !== '' && !/^\d{1,9}$/.test(editable[c]));
      if (notDigits)
        return result.rejected.push({
          tab: TAB,
          row,
          error: `${notDigits} "${editable[notDigits]}" must be a whole number written in digits`,
        });
      result.rows.push({ row, id, cells: editable, lastModified: at(cells, 'Last Modified') });
    });
    return result;
  };
  return { error, read };
}

/** The whole tab at once (header = first row). */
export function readEquipmentTab(grid: string[][]): ReadEquipmentTab {
  const reader = equipmentTabReader(grid[0] ?? []);
  return reader.error ? { rows: [], rejected: [reader.error] } : reader.read(grid.slice(1), 2);
}

/** The edited cells as the web form would send them (the shared zod contract parses them). */
export function changedFields(sheet: EditableCells, current: EditableCells): Record<string, string | null> {
  const changed: Record<string, string | null> = {};
  for (const col of EDITABLE) {
    if (sheet[col].trim() === current[col].trim()) continue;
    changed[EDITABLE_COLUMNS[col]] = col === 'Description' && sheet[col].trim() === '' ? null : sheet[col].trim();
  }
  return changed;
}

/** A new row's cells as a create form (empty cells take the form's defaults). */
export function createFields(sheet: EditableCells): Record<string, string> {
  return Object.fromEntries(
    EDITABLE.filter((c) => sheet[c].trim() !== '').map((c) => [EDITABLE_COLUMNS[c], sheet[c].trim()]),
  );
}
