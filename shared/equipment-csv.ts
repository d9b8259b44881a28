import Papa from 'papaparse';
import {
  EQUIPMENT_CONDITIONS,
  EQUIPMENT_CSV_COLUMNS,
  EQUIPMENT_CSV_DEFAULTS,
  EQUIPMENT_CSV_REQUIRED,
  EQUIPMENT_CSV_TEMPLATE_ROWS,
  EQUIPMENT_LIMITS,
  EQUIPMENT_STATUSES,
} from './constants';

/**
 * The equipment CSV rules of docs/product.md §Validation in one place: the browser parses a file or pasted text
 * with `parseEquipmentCsv`, the server applies `normaliseEquipmentCsvRow` to every row it gets
 * (a script may call POST /api/equipment/bulk without our parser, so the server never trusts the
 * client's normalisation).
 */

export const EQUIPMENT_CSV_MESSAGES = {
  notCsvFile: 'Please select a CSV file',
  noInput: 'Please select a CSV file or paste CSV data',
  noRows: 'No valid data found in CSV',
} as const;

export type EquipmentCsvColumn = (typeof EQUIPMENT_CSV_COLUMNS)[number];
/** One parsed row: lower-cased header → the cell's text. */
export type EquipmentCsvRawRow = Record<string, string>;

export type EquipmentCsvParse = { ok: true; rows: EquipmentCsvRawRow[] } | { ok: false; error: string };

/** The file check of docs/product.md §Validation: the name ends in .csv or the browser says text/csv. */
export function equipmentCsvFileError(file: { name: string; type?: string }): string | null {
  const isCsv = file.name.toLowerCase().endsWith('.csv') || file.type === 'text/csv';
  return isCsv ? null : EQUIPMENT_CSV_MESSAGES.notCsvFile;
}

/** Header names match case-insensitively and ignore stray spaces ("  Code " is code). */
const headerKey = (header: string) => header.trim().toLowerCase();

/**
 * File text or pasted text → rows. papaparse handles quoted fields holding commas, quotes and
 * newlines; the BOM Excel writes is removed first (else the first header would be "\uFEFFname");
 * blank and whitespace-only lines are skipped.
 */
export function parseEquipmentCsv(text: string | null | undefined): EquipmentCsvParse {
  if (!text || !text.trim()) return { ok: false, error: EQUIPMENT_CSV_MESSAGES.noInput };
  const input = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const parsed = Papa.parse<Record<string, unknown>>(input, {
    header: true,
    skipEmptyLines: 'greedy',
    transformHeader: headerKey,
  });
  const rows = parsed.data.map(cleanRow).filter((row) => Object.values(row).some((v) => v.trim() !== ''));
  return rows.length ? { ok: true, rows } : { ok: false, error: EQUIPMENT_CSV_MESSAGES.noRows };
}

/** papaparse puts surplus cells under __parsed_extra (an array); they belong to no column. */
function cleanRow(row: Record<string, unknown>): EquipmentCsvRawRow {
  const out: EquipmentCsvRawRow = {};
  for (const [key, value] of Object.entries(row)) {
    if (key === '__parsed_extra' || key === '' || typeof value !== 'string') continue;
    out[key] = value;
  }
  return out;
}

/* ---------- one row → an equipment record (server side) ---------- */

export interface EquipmentCsvRecord {
  name: string;
  code: string;
  description: string | null;
  location: string;
  status: (typeof EQUIPMENT_STATUSES)[number];
  category: string;
  condition: (typeof EQUIPMENT_CONDITIONS)[number];
  quantity: number;
}

export type EquipmentCsvRowResult =
  { ok: true; record: EquipmentCsvRecord } | { ok: false; code: string | null; error: string };

const FIELD_LABEL: Record<EquipmentCsvColumn, string> = {
  name: 'Name',
  code: 'Code',
  description: 'Description',
  location: 'Location',
  status: 'Status',
  category: 'Category',
  condition: 'Condition',
  quantity: 'Quantity',
};

const MAX_LENGTH: Partial<Record<EquipmentCsvColumn, number>> = {
  name: EQUIPMENT_LIMITS.name,
  code: EQUIPMENT_LIMITS.code,
  description: EQUIPMENT_LIMITS.description,
  location: EQUIPMENT_LIMITS.location,
  category: EQUIPMENT_LIMITS.category,
};

class RowError extends Error {}

/**
 * Applies docs/product.md §Validation to one row: defaults for empty values, required code/name/location, known
 * status and condition, quantity a whole number ≥ 1 (one without any number becomes 1, as the
 * spec's importer did; a wrong number is an error, issue 22). Keys are matched like headers, so
 * a script sending "Code" is understood too.
 */
export function normaliseEquipmentCsvRow(raw: unknown): EquipmentCsvRowResult {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw))
    return { ok: false, code: null, error: 'Row must be an object of column values' };
  const cells = new Map<string, unknown>();
  for (const [key, value] of Object.entries(raw)) cells.set(headerKey(key), value);
  let code: string | null = null;
  try {
    code = text(cells, 'code') || null;
    for (const field of EQUIPMENT_CSV_REQUIRED) {
      if (!text(cells, field)) throw new RowError(`Missing required field: ${field}`);
    }
    return { ok: true, record: buildRecord(cells) };
  } catch (err) {
    if (err instanceof RowError) return { ok: false, code, error: err.message };
    throw err;
  }
}

function buildRecord(cells: Map<string, unknown>): EquipmentCsvRecord {
  return {
    name: text(cells, 'name'),
    code: text(cells, 'code'),
    description: text(cells, 'description') || null,
    location: text(cells, 'location'),
    status: oneOf(cells, 'status', EQUIPMENT_STATUSES, EQUIPMENT_CSV_DEFAULTS.status),
    category: text(cells, 'category') || EQUIPMENT_CSV_DEFAULTS.category,
    condition: oneOf(cells, 'condition', EQUIPMENT_CONDITIONS, EQUIPMENT_CSV_DEFAULTS.condition),
    quantity: quantityOf(cells),
  };
}

/**
 * A cell as trimmed text; numbers and booleans (a JSON client) read as their text. A NUL is this
 * row's error (the app-wide NUL refusal leaves bulk rows to this rule, so the user gets the line).
 */
function text(cells: Map<string, unknown>, field: EquipmentCsvColumn): string {
  const value = cells.get(field);
  if (value === undefined || value === null) return '';
  if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean') {
    throw new RowError(`${FIELD_LABEL[field]} must be text`);
  }
  const out = String(value).trim();
  if (out.includes('\u0000')) throw new RowError(`${FIELD_LABEL[field]} must not contain NUL characters`);
  const max = MAX_LENGTH[field];
  if (max !== undefined && out.length > max)
    throw new RowError(`${FIELD_LABEL[field]} must be at most ${max} characters`);
  return out;
}

/** Status and condition are words from a fixed list; "Available" in a spreadsheet means available. */
function oneOf<T extends string>(
  cells: Map<string, unknown>,
  field: EquipmentCsvColumn,
  allowed: readonly T[],
  fallback: T,
): T {
  const value = text(cells, field).toLowerCase();
  if (!value) return fallback;
  if ((allowed as readonly string[]).includes(value)) return value as T;
  throw new RowError(`Invalid ${field} "${value.slice(0, 40)}": use one of ${allowed.join(', ')}`);
}

/**
 * Empty, or no number in it at all ("lots", "n/a": the spec's "unparsable"), takes the default 1.
 * Anything holding a number must be a whole number in digits from 1: "-5", "0", "2.9", "4e0",
 * "1e308" or "1,000" are this row's error, never a silent 1 (the stock count would be wrong).
 */
function quantityOf(cells: Map<string, unknown>): number {
  const value = text(cells, 'quantity');
  if (!/\d/.test(value)) return EQUIPMENT_CSV_DEFAULTS.quantity;
  const parsed = /^\d+$/.test(value) ? Number(value) : 0;
  if (parsed > EQUIPMENT_LIMITS.quantity) throw new RowError(`Quantity must be at most ${EQUIPMENT_LIMITS.quantity}`);
  if (parsed < 1)
    throw new RowError(
      `Invalid quantity "${value.slice(0, 40)}": use a whole number from 1 to ${EQUIPMENT_LIMITS.quantity}`,
    );
  return parsed;
}

/* ---------- the downloadable template ---------- */

/** Five sample rows (docs/product.md §Limits) of real broadcast kit; one description holds a comma, so quoted. */
const TEMPLATE_ROWS: ReadonlyArray<Record<EquipmentCsvColumn, string>> = [
  {
    name: 'Sony PXW-Z280 Camcorder',
    code: 'CAM-001',
    description: '4K 1/2" 3-CMOS shoulder camcorder, with battery and charger',
    location: 'Camera Store Room',
    status: 'available',
    category: 'Camera',
    condition: 'excellent',
    quantity: '2',
  },
  {
    name: 'Sennheiser EW 112P G4 Wireless Lavalier',
    code: 'MIC-001',
    description: 'Bodypack transmitter and camera receiver',
    location: 'Audio Cabinet',
    status: 'available',
    category: 'Audio',
    condition: 'good',
    quantity: '4',
  },
  {
    name: 'Sachtler Flowtech 75 Tripod',
    code: 'TRP-001',
    description: 'Carbon tripod with fluid head',
    location: 'Camera Store Room',
    status: 'available',
    category: 'Support',
    condition: 'good',
    quantity: '3',
  },
  {
    name: 'Aputure LS 300d II LED Light',
    code: 'LGT-001',
    description: 'Daylight LED with softbox',
    location: 'Lighting Bay',
    status: 'maintenance',
    category: 'Lighting',
    condition: 'fair',
    quantity: '1',
  },
  {
    name: 'LiveU Solo Pro Bonded Encoder',
    code: 'ENC-001',
    description: 'Cellular bonding unit for live shots',
    location: 'MCR Rack 2',
    status: 'available',
    category: 'Transmission',
    condition: 'good',
    quantity: '1',
  },
];

/** Header line plus the sample rows, CRLF-separated as spreadsheets expect. */
export function equipmentCsvTemplate(): string {
  return Papa.unparse({
    fields: [...EQUIPMENT_CSV_COLUMNS],
    data: TEMPLATE_ROWS.slice(0, EQUIPMENT_CSV_TEMPLATE_ROWS).map((row) => EQUIPMENT_CSV_COLUMNS.map((c) => row[c])),
  });
}
