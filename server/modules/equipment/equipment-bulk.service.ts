import type { BulkUploadResult } from '../../../shared/contracts/equipment';
import type { EquipmentCsvRecord } from '../../../shared/equipment-csv';
import type { AppContext } from '../../context';
import type { Actor } from '../../lib/auth';
import type { ActivityLogsService } from '../activity-logs/activity-logs.service';
import type { CheckedBulk, RowError } from '../../workers/bulk-check';
import { EquipmentBulkRepo } from './equipment-bulk.repo';
import { airFirst, closeJob, sliceCommit, whileMore, within } from '../../lib/time-slices';

type Results = BulkUploadResult['results'];
type Who = Pick<Actor, 'companyId' | 'userId'>;

/** POST /api/equipment/bulk: CSV rows → equipment, per-row results (issue 12, docs/product.md §Validation/§API). */
export class EquipmentBulkService {
  constructor(
    readonly ctx: AppContext,
    readonly activity: ActivityLogsService,
  ) {}

  /**
   * Good rows go in, bad rows come back as errors with their line; never all-or-nothing (a
   * 10 000-row file with one typo should not have to be uploaded twice). The rows arrive checked
   * (workers/bulk-check.ts, on a worker thread); inserting runs in slices of a few ms
   * (time-slices.ts), each its own transaction: a crash mid-import leaves the committed slices,
   * and uploading the file again reports them as existing codes.
   */
  async import(actor: Who, checked: CheckedBulk): Promise<Results> {
    const errors: RowError[] = [...checked.errors];
    let success = 0;
    for (const chunk of checked.chunks)
      success += await this.insert(actor, chunk.lines, JSON.parse(chunk.json) as EquipmentCsvRecord[], errors);
    errors.sort((a, b) => a.row - b.row);
    const results = { success, failed: errors.length, errors };
    await this.announce(actor, results);
    return results;
  }

  /** Phase 2: one transaction per slice; a code taken meanwhile (another upload) is that row's error. */
  private async insert(
    actor: Who,
    lines: number[],
    records: EquipmentCsvRecord[],
    errors: RowError[],
  ): Promise<number> {
    let success = 0;
    let start = 0;
    for await (const _ of airFirst(
      this.ctx.onAir,
      whileMore(() => start < records.length),
    )) {
      const at = this.ctx.clock.now().toISOString();
      const inserted = await sliceCommit(this.ctx.store, actor.companyId, (tx) => {
        // The budget starts once the slice holds the writer, not while it waits for it.
        const more = within();
        return new EquipmentBulkRepo(tx).insertSlice(
          actor.companyId,
          actor.userId,
          at,
          records,
          start,
          (taken) => taken < 500 && more(),
        );
      });
      inserted.forEach((ok, k) => {
        if (ok) success += 1;
        else
          errors.push({
            row: lines[start + k]!,
            code: records[start + k]!.code,
            error: `Equipment code ${records[start + k]!.code} already exists`,
          });
      });
      start += inserted.length;
    }
    return success;
  }

  /**
   * One activity entry and one live event for the whole upload: 10 000 equipment_created events
   * would flood every dashboard; clients refetch the list on equipment_bulk_imported instead.
   * The entry also makes the import durable: closeJob fsyncs the WAL off the loop — the slices
   * committed without an fsync included — before the answer.
   */
  private async announce(actor: Who, results: Results): Promise<void> {
    await closeJob(this.ctx.onAir, this.ctx.store, actor.companyId, (tx) =>
      this.activity.record(
        actor,
        'equipment_bulk_uploaded',
        `Bulk upload: ${results.success} added, ${results.failed} failed`,
        tx,
      ),
    );
    if (results.success > 0)
      this.ctx.bus.publish(actor.companyId, 'equipment_bulk_imported', {
        success: results.success,
        failed: results.failed,
      });
  }
}
