import type { Response } from 'express';
import { EQUIPMENT_CSV_COLUMNS } from '../../../shared/constants';
import type { Equipment } from '../../../shared/contracts/equipment';
import { toCsv, type CsvValue } from '../../../shared/csv-cells';
import type { AppContext } from '../../context';
import { startCsvDownload, writeChunk } from '../../lib/csv-response';
import { airFirst, whileMore } from '../../lib/time-slices';
import { EquipmentRepo } from './equipment.repo';
import { presentEquipment } from './equipment.presenter';

/** Rows per DB page: a few ms of SQL and CSV, then the loop is handed back (CG writes go first; docs/decisions.md). */
const EXPORT_PAGE = 200;

/**
 * The import's columns first (an exported file can be edited and uploaded again), then what
 * only the server knows. Cells are neutralised (shared/csv-cells.ts), so a re-imported cell that
 * began with = + - @ keeps its leading quote: safety over a perfect round trip.
 */
export const EQUIPMENT_EXPORT_COLUMNS = [
  ...EQUIPMENT_CSV_COLUMNS,
  'currentStock',
  'minStock',
  'id',
  'createdAt',
  'updatedAt',
] as const;
type ExportColumn = (typeof EQUIPMENT_EXPORT_COLUMNS)[number];

function exportRow(item: Equipment): CsvValue[] {
  return EQUIPMENT_EXPORT_COLUMNS.map((c: ExportColumn) => item[c]);
}

/**
 * GET /api/equipment/export.csv: the caller's company's whole catalogue, streamed a keyset page
 * at a time (oldest first), never the whole list in memory, the event loop handed back between
 * pages and the socket's backpressure respected. A client that goes away stops the export.
 */
export async function streamEquipmentCsv(
  ctx: AppContext,
  companyId: number,
  res: Response,
  today: string,
): Promise<void> {
  startCsvDownload(res, `equipment-${today}.csv`);
  // Papa ends a header-only text with a line break; each page brings its own, so strip it here.
  res.write(toCsv([...EQUIPMENT_EXPORT_COLUMNS], []).replace(/\r\n$/, ''));
  let after = 0;
  let done = false;
  // A page per slice, each after air.
  for await (const _ of airFirst(
    ctx.onAir,
    whileMore(() => !done && !res.destroyed),
  )) {
    const rows = await ctx.store.read((q) => new EquipmentRepo(q).listAfter(companyId, after, EXPORT_PAGE));
    if ((done = rows.length === 0)) break;
    after = rows[rows.length - 1]!.id;
    await writeChunk(res, `\r\n${toCsv([], rows.map(presentEquipment).map(exportRow), false)}`);
  }
  res.end('\r\n');
}
