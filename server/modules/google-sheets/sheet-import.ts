import { createEquipmentSchema, updateEquipmentSchema, type Equipment } from '../../../shared/contracts/equipment';
import type { RejectedRow } from '../../../shared/contracts/google-sheets';
import type { AppContext } from '../../context';
import type { Q } from '../../db/store';
import { HttpError } from '../../lib/errors';
import { airFirst, sliceCommit, whileMore, within } from '../../lib/time-slices';
import { parse } from '../../lib/validate';
import type { ActivityLogsService } from '../activity-logs/activity-logs.service';
import type { EquipmentService, Written } from '../equipment/equipment.service';
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

/** The largest id an item can have on every engine (PostgreSQL's integer). */
const MAX_ID = 2_147_483_647;

/** A row's item as synced now, and its write when the row changed it (announced after the slice commits). */
interface RowDone {
  item: Equipment;
  written?: Written;
}

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
 * written to the activity log. Each row is read and written inside the slice's write, which the
 * station's other writes wait for, so a web edit cannot slip between the check and the write.
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
    const stored = await this.ctx.store.read((q) => new GoogleSheetsRepo(q).hashesOf(actor.companyId, ids));
    let i = 0;
    for await (const _ of airFirst(
      this.ctx.onAir,
      whileMore(() => i < page.length),
    )) {
      // One commit per slice, without an fsync (the pull's closing write makes the slices durable
      // before the answer): each row's own write joins it as a savepoint, so a bad row rolls back
      // alone. Reads outside the slice see committed rows only, so no reader sees a half-applied
      // slice; its items are announced once it has committed.
      const written: Written[] = [];
      await sliceCommit(this.ctx.store, actor.companyId, async (tx) => {
        // The budget starts once the slice holds the writer, not while it waits for it.
        const more = within(PULL_SLICE_MS);
        const synced = new Map<number, string>();
        for (; i < page.length && more(); i++) await this.row(actor, tx, page[i]!, stored, synced, written, counts);
        await this.remember(tx, actor.companyId, synced);
      });
      for (const w of written) w.announce();
    }
  }

  private async row(
    actor: Who,
    tx: Q,
    row: SheetEquipmentRow,
    stored: Map<number, string>,
    synced: Map<number, string>,
    written: Written[],
    counts: PullCounts,
  ): Promise<void> {
    try {
      const done =
        row.id === null
          ? await this.create(actor, row, counts)
          : await this.update(actor, tx, { ...row, id: row.id }, stored.get(row.id), counts);
      if (done) synced.set(done.item.id, cellsHash(editableCells(done.item)));
      if (done?.written) written.push(done.written);
    } catch (err) {
      counts.rejected.push({ tab: 'Equipment', row: row.row, error: reason(err) });
    }
  }

  private async create(actor: Who, row: SheetEquipmentRow, counts: PullCounts): Promise<RowDone> {
    const made = await this.equipment.add(actor, parse(createEquipmentSchema, createFields(row.cells)));
    counts.created++;
    return { item: made.item, written: made };
  }

  /** The item as synced now (and its write, if it changed), or null when its sync hash stays as it is. */
  private async update(
    actor: Who,
    tx: Q,
    row: SheetEquipmentRow & { id: number },
    storedHash: string | undefined,
    counts: PullCounts,
  ): Promise<RowDone | null> {
    const sheetHash = cellsHash(row.cells);
    // Not edited in the sheet since the last sync (most rows): nothing to read, nothing to import;
    // whatever the app changed meanwhile, the next write to the sheet carries it.
    if (sheetHash === storedHash) return null;
    const item = await this.find(actor, row.id);
    const current = editableCells(item);
    const dbHash = cellsHash(current);
    if (sheetHash === dbHash) return { item };
    const appEdited = storedHash === undefined || dbHash !== storedHash;
    if (appEdited && !(await this.sheetWins(actor, tx, row, item, counts))) return null;
    const updated = await this.equipment.edit(
      actor,
      row.id,
      parse(updateEquipmentSchema, changedFields(row.cells, current)),
    );
    counts.updated++;
    return { item: updated.item, written: updated };
  }

  private async find(actor: Who, id: number): Promise<Equipment> {
    try {
      // No such id can be stored (PostgreSQL's integer would refuse the query, and a refused
      // query ends the slice's transaction there): answered as any unknown id.
      if (id > MAX_ID) throw new Error('out of range');
      return await this.equipment.get(actor, id);
    } catch {
      throw new HttpError(400, `ID ${id} is not equipment of this station (leave the ID empty to add an item)`);
    }
  }

  /** Both sides changed since the last sync: the later Last Modified wins; the loser's values are logged. */
  private async sheetWins(
    actor: Who,
    tx: Q,
    row: SheetEquipmentRow,
    item: Equipment,
    counts: PullCounts,
  ): Promise<boolean> {
    counts.conflicts++;
    const sheetTime = Date.parse(row.lastModified);
    const sheetWins = Number.isFinite(sheetTime) && sheetTime > Date.parse(item.updatedAt);
    const app = `the app's version (changed ${item.updatedAt}${describe(changedFields(editableCells(item), row.cells))})`;
    const sheet = `the sheet's row ${row.row} (Last Modified ${row.lastModified || 'empty'}${describe(changedFields(row.cells, editableCells(item)))})`;
    const [kept, lost] = sheetWins ? [sheet, app] : [app, sheet];
    await this.activity.record(
      actor,
      'google_sheets_conflict',
      `Google Sheets conflict on ${item.code}: kept ${kept}, discarded ${lost}`,
      tx,
    );
    return sheetWins;
  }

  private async remember(tx: Q, companyId: number, synced: Map<number, string>): Promise<void> {
    const at = this.ctx.clock.now().toISOString();
    const repo = new GoogleSheetsRepo(tx);
    for (const [id, hash] of synced) await repo.setHash(companyId, id, hash, at);
  }
}
