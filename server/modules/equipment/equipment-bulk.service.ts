import { z } from 'zod';
import { EQUIPMENT_LIMITS } from '../../../shared/constants';
import { bulkRowSchema, bulkUploadSchema, type BulkUploadResult } from '../../../shared/contracts/equipment';
import { EQUIPMENT_CSV_MESSAGES, normaliseEquipmentCsvRow, type EquipmentCsvRecord } from '../../../shared/equipment-csv';
import type { AppContext } from '../../context';
import type { Actor } from '../../lib/auth';
import { badRequest } from '../../lib/errors';
import type { ActivityLogsService } from '../activity-logs/activity-logs.service';
import { EquipmentBulkRepo } from './equipment-bulk.repo';
import { within, yieldToAir } from '../../lib/time-slices';

type Results = BulkUploadResult['results'];
type RowError = Results['errors'][number];
type Who = Pick<Actor, 'companyId' | 'userId'>;

/**
 * The contract's envelope with the rows left unchecked: checking 20 000 rows is ~50 ms of work,
 * so the service checks them with bulkRowSchema in slices instead of in one go.
 */
export const bulkEnvelopeSchema = bulkUploadSchema.extend({
  csvData: z
    .array(z.unknown(), { error: 'csvData must be a list of rows' })
    .min(1, EQUIPMENT_CSV_MESSAGES.noRows)
    .max(EQUIPMENT_LIMITS.bulkRows, `At most ${EQUIPMENT_LIMITS.bulkRows} rows per upload`),
});

/** The header is line 1 of the file, so the first data row is line 2. */
const lineOf = (index: number) => index + 2;

interface Checked {
  lines: number[];
  records: EquipmentCsvRecord[];
}

/** POST /api/equipment/bulk: CSV rows → equipment, per-row results (issue 12, spec 001 §5/§7). */
export class EquipmentBulkService {
  private readonly repo: EquipmentBulkRepo;

  constructor(
    readonly ctx: AppContext,
    readonly activity: ActivityLogsService,
  ) {
    this.repo = new EquipmentBulkRepo(ctx.db);
  }

  /**
   * Good rows go in, bad rows come back as errors with their line; never all-or-nothing (a
   * 10 000-row file with one typo should not have to be uploaded twice). Both phases run in
   * slices of a few ms (time-slices.ts), each insert slice its own transaction: a crash mid-import
   * leaves the committed slices, and uploading the file again reports them as existing codes.
   */
  async import(actor: Who, rows: unknown[]): Promise<Results> {
    const errors: RowError[] = [];
    const checked = await this.check(rows, errors);
    const success = await this.insert(actor, checked, errors);
    errors.sort((a, b) => a.row - b.row);
    const results = { success, failed: errors.length, errors };
    this.announce(actor, results);
    return results;
  }

  /**
   * Phase 1, before anything is stored: a row that is not an object refuses the whole upload
   * (400: the client is not our parser); rule breaches and repeats of a code earlier in the file
   * become row errors.
   */
  private async check(rows: unknown[], errors: RowError[]): Promise<Checked> {
    const out: Checked = { lines: [], records: [] };
    const firstLineOfCode = new Map<string, number>();
    for (let i = 0; i < rows.length; ) {
      await yieldToAir(this.ctx.onAir);
      for (const more = within(); i < rows.length && more(); i++) {
        const shape = bulkRowSchema.safeParse(rows[i]);
        if (!shape.success) throw badRequest(`csvData.${i}: ${shape.error.issues[0]?.message ?? 'Invalid row'}`);
        const result = normaliseEquipmentCsvRow(shape.data);
        if (!result.ok) {
          errors.push({ row: lineOf(i), code: result.code, error: result.error });
          continue;
        }
        const { code } = result.record;
        const first = firstLineOfCode.get(code);
        if (first !== undefined) {
          errors.push({ row: lineOf(i), code, error: `Duplicate code in this file (first on row ${first})` });
          continue;
        }
        firstLineOfCode.set(code, lineOf(i));
        out.lines.push(lineOf(i));
        out.records.push(result.record);
      }
    }
    return out;
  }

  /** Phase 2: one transaction per slice; a code taken meanwhile (another upload) is that row's error. */
  private async insert(actor: Who, { lines, records }: Checked, errors: RowError[]): Promise<number> {
    let success = 0;
    for (let start = 0; start < records.length; ) {
      await yieldToAir(this.ctx.onAir);
      const at = this.ctx.clock.now().toISOString();
      const more = within();
      const inserted = this.repo.insertSlice(actor.companyId, actor.userId, at, records, start, (taken) => taken < 500 && more());
      inserted.forEach((ok, k) => {
        if (ok) success += 1;
        else errors.push({ row: lines[start + k]!, code: records[start + k]!.code, error: `Equipment code ${records[start + k]!.code} already exists` });
      });
      start += inserted.length;
    }
    return success;
  }

  /**
   * One activity entry and one live event for the whole upload: 10 000 equipment_created events
   * would flood every dashboard; clients refetch the list on equipment_bulk_imported instead.
   * The entry also makes the import durable: it commits with synchronous = FULL, and that fsync
   * flushes the whole WAL file, the slices committed with NORMAL included, before the answer.
   */
  private announce(actor: Who, results: Results): void {
    this.activity.record(actor, 'equipment_bulk_uploaded', `Bulk upload: ${results.success} added, ${results.failed} failed`);
    if (results.success > 0) this.ctx.bus.publish(actor.companyId, 'equipment_bulk_imported', { success: results.success, failed: results.failed });
  }
}
