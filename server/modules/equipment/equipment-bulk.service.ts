import type { BulkUploadResult } from '../../../shared/contracts/equipment';
import { normaliseEquipmentCsvRow, type EquipmentCsvRecord } from '../../../shared/equipment-csv';
import type { AppContext } from '../../context';
import type { Actor } from '../../lib/auth';
import type { ActivityLogsService } from '../activity-logs/activity-logs.service';
import { EquipmentBulkRepo } from './equipment-bulk.repo';

type Results = BulkUploadResult['results'];
type RowError = Results['errors'][number];
type Who = Pick<Actor, 'companyId' | 'userId'>;

/**
 * Rows per transaction. One chunk of 500 holds the event loop for a few milliseconds (one commit,
 * one fsync); between chunks the loop is handed back, so an on-air CG write that arrives during a
 * 20 000-row import waits at most one chunk, not the whole import.
 */
export const BULK_CHUNK_ROWS = 500;

/** The header is line 1 of the file, so the first data row is line 2. */
const lineOf = (index: number) => index + 2;

const yieldToLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

interface Candidate {
  line: number;
  record: EquipmentCsvRecord;
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
   * 10 000-row file with one typo should not have to be uploaded twice). Chunks commit one by
   * one: a crash mid-import leaves the committed chunks, and uploading the file again reports
   * them as existing codes and adds the rest.
   */
  async import(actor: Who, rows: unknown[]): Promise<Results> {
    const errors: RowError[] = [];
    const firstLineOfCode = new Map<string, number>();
    let success = 0;
    for (let start = 0; start < rows.length; start += BULK_CHUNK_ROWS) {
      if (start > 0) await yieldToLoop();
      const candidates = this.validChunk(rows, start, firstLineOfCode, errors);
      success += this.insertChunk(actor, candidates, errors);
    }
    errors.sort((a, b) => a.row - b.row);
    const results = { success, failed: errors.length, errors };
    this.announce(actor, results);
    return results;
  }

  /** Normalises one chunk; invalid rows and repeats of a code earlier in the file become errors. */
  private validChunk(rows: unknown[], start: number, firstLineOfCode: Map<string, number>, errors: RowError[]): Candidate[] {
    const out: Candidate[] = [];
    const end = Math.min(rows.length, start + BULK_CHUNK_ROWS);
    for (let i = start; i < end; i++) {
      const line = lineOf(i);
      const result = normaliseEquipmentCsvRow(rows[i]);
      if (!result.ok) {
        errors.push({ row: line, code: result.code, error: result.error });
        continue;
      }
      const first = firstLineOfCode.get(result.record.code);
      if (first !== undefined) {
        errors.push({ row: line, code: result.record.code, error: `Duplicate code in this file (first on row ${first})` });
        continue;
      }
      firstLineOfCode.set(result.record.code, line);
      out.push({ line, record: result.record });
    }
    return out;
  }

  private insertChunk(actor: Who, candidates: Candidate[], errors: RowError[]): number {
    if (!candidates.length) return 0;
    const at = this.ctx.clock.now().toISOString();
    const inserted = this.repo.insertMany(
      actor.companyId,
      actor.userId,
      at,
      candidates.map((c) => c.record),
    );
    let count = 0;
    inserted.forEach((ok, i) => {
      const { line, record } = candidates[i]!;
      if (ok) count += 1;
      else errors.push({ row: line, code: record.code, error: `Equipment code ${record.code} already exists` });
    });
    return count;
  }

  /**
   * One activity entry and one live event for the whole upload: 10 000 equipment_created events
   * would flood every dashboard; clients refetch the list on equipment_bulk_imported instead.
   */
  private announce(actor: Who, results: Results): void {
    this.activity.record(actor, 'equipment_bulk_uploaded', `Bulk upload: ${results.success} added, ${results.failed} failed`);
    if (results.success > 0) this.ctx.bus.publish(actor.companyId, 'equipment_bulk_imported', { success: results.success, failed: results.failed });
  }
}
