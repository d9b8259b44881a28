import Papa from 'papaparse';

/**
 * OWASP "CSV injection": a spreadsheet evaluates a cell that starts with one of these as a
 * formula (=HYPERLINK(...) leaks data, =cmd|... runs a program in old Excel). Tab and carriage
 * return are on the list because some programs strip them and then read the formula behind.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

/** UTF-8 byte order mark: Excel reads a CSV without it in the local code page (Thaana as mojibake). */
export const CSV_BOM = '\uFEFF';

export type CsvValue = string | number | boolean | null | undefined;

/**
 * One cell as text that no spreadsheet evaluates: a leading single quote makes it plain text
 * (shown without the quote by Excel and LibreOffice). Quoting for commas and quotes is Papa's job.
 */
export function neutraliseCell(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  const text = String(value);
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/**
 * Every CSV the app writes goes through here (one rule for the catalogue export and the
 * template). `header: false` lets a caller write a page of rows after the header was written.
 */
export function toCsv(fields: readonly string[], rows: readonly (readonly CsvValue[])[], header = true): string {
  return Papa.unparse(
    { fields: fields.map(neutraliseCell), data: rows.map((row) => row.map(neutraliseCell)) },
    { header, newline: '\r\n' },
  );
}

/** A CSV text made elsewhere (the bulk template), read and written again with neutralised cells. */
export function neutraliseCsvText(text: string): string {
  const parsed = Papa.parse<string[]>(text.trim(), { skipEmptyLines: true });
  const [fields = [], ...rows] = parsed.data;
  return toCsv(fields, rows);
}
