import { AS_RUN_CSV_COLUMNS } from '../../../shared/contracts/as-run';
import { toCsv } from '../../../shared/csv-cells';
import type { AsRunListRow } from './as-run.repo';

const cells = (r: AsRunListRow) => [r.at, r.seq, r.userName ?? r.apiKey ?? (r.userId === null ? 'system' : `#${r.userId}`), r.source, r.action, r.type, r.text, r.output, r.result, r.message ?? ''];

/** The header line (cells neutralised like every CSV the app writes: shared/csv-cells.ts). */
export function csvHeader(): string {
  return `${toCsv([...AS_RUN_CSV_COLUMNS], []).replace(/\r\n$/, '')}\r\n`;
}

/** A page of rows, each line ended. */
export function csvRows(rows: AsRunListRow[]): string {
  if (!rows.length) return '';
  return `${toCsv([], rows.map(cells), false)}\r\n`;
}
