import Papa from 'papaparse';

/**
 * OWASP "CSV injection": a spreadsheet evaluates a cell that starts with one of these as a
 * formula (=HYPERLINK(...) leaks data, =cmd|... runs a program in old Excel). Tab and carriage
 * return are on the list because some programs strip them and then read the formula behind.
 */
const FORMULA_START = /^[=+\-@\t\r]/;
/**
 * A separator some reader may split a line on, right before one of those characters (issue 37
 * #9). Excel in a `;` locale reads our comma file by `;`: in `2026,1,"Budget;=1+1;x"` its second
 * cell is `=1+1` — our quotes count only where its own cell starts, and a line break inside a
 * quoted cell starts a new row there. So the quote goes in front of the formula wherever it is,
 * not only at the start of our cell. Comma, semicolon, tab and line breaks; double quotes between
 * (`;"=1+1`) do not hide the formula from a reader that drops them.
 */
const FORMULA_AFTER_SEPARATOR = /([,;\t\r\n]"*)(?=[=+\-@\t\r])/g;
/** A cell that carries our quote (or already had one): see toCsv. */
const MARKED = /^'|[,;\t\r\n]"*'/;

/** UTF-8 byte order mark: Excel reads a CSV without it in the local code page (Thaana as mojibake). */
export const CSV_BOM = '\uFEFF';

export type CsvValue = string | number | boolean | null | undefined;

/**
 * One cell as text that no spreadsheet evaluates: a single quote before a formula character at
 * the start and after every inner separator makes that piece plain text (Excel and LibreOffice
 * hide a leading quote). Safety over a perfect round trip: `Budget;=1+1` reads `Budget;'=1+1`.
 */
export function neutraliseCell(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  const text = String(value).replace(FORMULA_AFTER_SEPARATOR, "$1'");
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/**
 * A marked cell is quoted whatever it holds (Papa quotes only commas, quotes and line breaks), so
 * a reader that honours quotes keeps it in one piece; the marks above are what make it safe.
 */
const mustQuote = (cell: unknown): boolean => typeof cell === 'string' && MARKED.test(cell);

/**
 * Every CSV the app writes goes through here (one rule for the catalogue export and the
 * template). `header: false` lets a caller write a page of rows after the header was written.
 */
export function toCsv(fields: readonly string[], rows: readonly (readonly CsvValue[])[], header = true): string {
  return Papa.unparse(
    { fields: fields.map(neutraliseCell), data: rows.map((row) => row.map(neutraliseCell)) },
    { header, newline: '\r\n', quotes: mustQuote },
  );
}

/** A CSV text made elsewhere (the bulk template), read and written again with neutralised cells. */
export function neutraliseCsvText(text: string): string {
  const parsed = Papa.parse<string[]>(text.trim(), { skipEmptyLines: true });
  const [fields = [], ...rows] = parsed.data;
  return toCsv(fields, rows);
}
