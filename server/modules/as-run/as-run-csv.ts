import { AS_RUN_CSV_COLUMNS } from '../../../shared/contracts/as-run';
import { toCsv } from '../../../shared/csv-cells';
import { zonedIso } from '../../../shared/zoned-time';
import type { AsRunListRow } from './as-run.repo';

// Times in the station's zone with their offset (issue 39): a reader of the CSV compares them with
// the studio clock, not with UTC; the header names the zone.
const cells = (r: AsRunListRow, zone: string) => [
  zonedIso(r.at, zone),
  r.seq,
  r.userName ?? r.apiKey ?? (r.userId === null ? 'system' : `#${r.userId}`),
  r.source,
  r.action,
  r.type,
  r.text,
  r.output,
  r.result,
  r.message ?? '',
];

/** The header line (cells neutralised like every CSV the app writes: shared/csv-cells.ts). */
export function csvHeader(zone: string): string {
  const [, ...rest] = AS_RUN_CSV_COLUMNS;
  return `${toCsv([`time (${zone})`, ...rest], []).replace(/\r\n$/, '')}\r\n`;
}

/** A page of rows, each line ended. */
export function csvRows(rows: AsRunListRow[], zone: string): string {
  if (!rows.length) return '';
  return `${toCsv(
    [],
    rows.map((r) => cells(r, zone)),
    false,
  )}\r\n`;
}
