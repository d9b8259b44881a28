import { createEquipmentSchema, updateEquipmentSchema, type Equipment } from '../../../shared/contracts/equipment';
import type { RejectedRow } from '../../../shared/contracts/google-sheets';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { HttpError } from '../../lib/errors';
import { airFirst, sliceCommit, whileMore, within } from '../../lib/time-slices';
import { parse } from '../../lib/validate';
import type { ActivityLogsService } from '../activity-logs/activity-logs.service';
import type { EquipmentService } from '../equipment/equipment.service';
import {
  cellsHash,
  changedFields,
  createFields,
  editableCells,
  type SheetEquipmentRow,
} from '../../integrations/google-sheets/sheet-rows';
import { GoogleSheetsRepo } from './google-sheets.repo';

type Who = { companyId: number; userId: number };

export interface PullCounts {
  created: number;
  updated: number;
  conflicts: number;
  rejected: RejectedRow[];
}

/** Shorter than the bulk import's slices: a row is ~1 ms (a service call, its savepoint, an event). */
const PULL_SLICE_MS = 2;

/** `; name "X", quantity "4"`: the values a side held, so a discarded edit can be typed again. */
const describe = (fields: Record<string, string | null>) =>
  Object.entries(fields)
    .map(([k, v]) => `; ${k} "${v ?? ''}"`)
    .join('');

/** What a row failed with, in the words the web form would show. */
function reason(err: unknown): string {
  if (err instanceof HttpError) return err.issues?.[0]?.message || err.message;
  throw err;
}

/**
 * Brings edits made in the Equipment tab into the database through the same EquipmentService and
 * zod contract as the web form (spec: rows edited in the sheet update the DB). A bad row is
 * reported and skipped; a row changed on both sides goes to the later Last Modified, the loser is
 * written to the activity log. Each row is read and written in one synchronous step (no await
 * between), so a web edit cannot slip between the check and the write.
 */
export class SheetImport {
  constructor(
    private readonly ctx: AppContext,
    private readonly equipment: EquipmentService,
    private readonly activity: ActivityLogsService,
  ) {}

  /**
   * One page of rows, in slices of a few milliseconds; between slices the loop is handed back and
   * an on-air write in progress goes first (lib/time-slices.ts), so a pull never delays air.
   */
  async run(actor: Who, page: SheetEquipmentRow[], counts: PullCounts): Promise<void> {
    const ids = page.flatMap((r) => (r.id === null ? [] : [r.id]));
    const stored = new GoogleSheetsRepo(this.ctx.db).hashesOf(actor.companyId, ids);
    let i = 0;
    for await (const _ of airFirst(
      this.ctx.onAir,
      whileMore(() => i < page.length),
    )) {
      const more = within(PULL_SLICE_MS);
      // One commit per slice, without an fsync (the pull's last commit is FULL and makes the
      // slices durable before the answer): each row's own transaction becomes a savepoint inside
      // it, so a bad row rolls back alone. Nothing else runs on the loop until the slice commits,
      // so no reader sees a half-applied slice.
      sliceCommit(this.ctx.db, () =>
        this.ctx.db.transaction((tx) => {
          const synced = new Map<number, string>();
          for (; i < page.length && more(); i++) this.row(actor, page[i]!, stored, synced, counts);
          this.remember(tx, actor.companyId, synced);
        }),
      );
    }
  }

  private row(
    actor: Who,
    row: SheetEquipmentRow,
    stored: Map<number, string>,
    synced: Map<number, string>,
    counts: PullCounts,
  ): void {
    try {
      const item =
        row.id === null
          ? this.create(actor, row, counts)
          : this.update(actor, { ...row, id: row.id }, stored.get(row.id), counts);
      if (item) synced.set(item.id, cellsHash(editableCells(item)));
    } catch (err) {
      counts.rejected.push({ tab: 'Equipment', row: row.row, error: reason(err) });
    }
  }

  private create(actor: Who, row: SheetEquipmentRow, counts: PullCounts): Equipment {
    const made = this.equipment.create(actor, parse(createEquipmentSchema, createFields(row.cells)));
    counts.created++;
    return made;
  }

  /** The item as synced now, or null when its sync hash stays as it is. */
  private update(
    actor: Who,
    row: SheetEquipmentRow & { id: number },
    storedHash: string | undefined,
    counts: PullCounts,
  ): Equipment | null {
    const sheetHash = cellsHash(row.cells);
    // Not edited in the sheet since the last sync (most rows): nothing to read, nothing to import;
    // whatever the app changed meanwhile, the next write to the sheet carries it.
    if (sheetHash === storedHash) return null;
    const item = this.find(actor, row.id);
    const current = editableCells(item);
    const dbHash = cellsHash(current);
    if (sheetHash === dbHash) return item;
    const appEdited = storedHash === undefined || dbHash !== storedHash;
    if (appEdited && !this.sheetWins(actor, row, item, counts)) return null;
    const updated = this.equipment.update(
      actor,
      row.id,
      parse(updateEquipmentSchema, changedFields(row.cells, current)),
    );
    counts.updated++;
    return updated;
  }

  private find(actor: Who, id: number): Equipment {
    try {
      return this.equipment.get(actor, id);
    } catch {
      throw new HttpError(400, `ID ${id} is not equipment of this station (leave the ID empty to add an item)`);
    }
  }

  /** Both sides changed since the last sync: the later Last Modified wins; the loser's values are logged. */
  private sheetWins(actor: Who, row: SheetEquipmentRow, item: Equipment, counts: PullCounts): boolean {
    counts.conflicts++;
    const sheetTime = Date.parse(row.lastModified);
    const sheetWins = Number.isFinite(sheetTime) && sheetTime > Date.parse(item.updatedAt);
    const app = `the app's version (changed ${item.updatedAt}${describe(changedFields(editableCells(item), row.cells))})`;
    const sheet = `the sheet's row ${row.row} (Last Modified ${row.lastModified || 'empty'}${describe(changedFields(row.cells, editableCells(item)))})`;
    const [kept, lost] = sheetWins ? [sheet, app] : [app, sheet];
    this.activity.record(
      actor,
      'google_sheets_conflict',
      `Google Sheets conflict on ${item.code}: kept ${kept}, discarded ${lost}`,
    );
    return sheetWins;
  }

  private remember(tx: DbOrTx, companyId: number, synced: Map<number, string>): void {
    const at = this.ctx.clock.now().toISOString();
    const repo = new GoogleSheetsRepo(tx);
    for (const [id, hash] of synced) repo.setHash(companyId, id, hash, at);
  }
}
