import Papa from 'papaparse';
import type { Response } from 'express';
import { AS_RUN_CSV_COLUMNS } from '../../../shared/contracts/as-run';
import type { AsRunListRow } from './as-run.repo';

/**
 * A cell a spreadsheet would read as a formula starts with = + - @ (or a tab / CR, which some
 * programs skip first): such a cell gets a leading apostrophe. papaparse's own `escapeFormulae:
 * true` pattern is /^[=+\-@\t\r].*$/, whose `.` stops at a newline — a two-line "=HYPERLINK(…)\n…"
 * would pass unescaped; this pattern looks at the first character only.
 */
export const FORMULA_START = /^[=+\-@\t\r]/;

/** UTF-8 byte order mark: Excel opens the file as UTF-8 (Dhivehi shows as Thaana, not mojibake). */
export const BOM = '\uFEFF';

const cells = (r: AsRunListRow) => [r.at, r.seq, r.userName ?? (r.userId === null ? 'system' : `#${r.userId}`), r.source, r.action, r.type, r.text, r.output, r.result, r.message ?? ''];

export function csvHeader(): string {
  return `${BOM}${Papa.unparse([[...AS_RUN_CSV_COLUMNS]], { newline: '\r\n' })}\r\n`;
}

export function csvRows(rows: AsRunListRow[]): string {
  if (!rows.length) return '';
  return `${Papa.unparse(rows.map(cells), { newline: '\r\n', escapeFormulae: FORMULA_START })}\r\n`;
}

/** Writes `chunk`; resolves when the socket can take more (a slow client never fills memory). */
export function writeChunk(res: Response, chunk: string): Promise<void> {
  if (res.write(chunk)) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      res.off('drain', done);
      res.off('close', done);
      resolve();
    };
    res.once('drain', done);
    res.once('close', done);
  });
}
