import type { Response } from 'express';
import { AS_RUN_DEFAULT_RETENTION_DAYS, type AsRunFilter, type AsRunPage } from '../../../shared/contracts/as-run';
import type { AppContext } from '../../context';
import type { Actor } from '../../lib/auth';
import { airFirst, sliceCommit, whileMore } from '../../lib/time-slices';
import { writeChunk } from '../../lib/csv-response';
import { StationTimeZones } from '../settings/settings-time-zone';
import { csvHeader, csvRows } from './as-run-csv';
import { AsRunRepo, type AsRunCursor } from './as-run.repo';

/** Rows per page of the CSV export: one page's query + CSV text stays within a few ms. */
const EXPORT_PAGE_ROWS = 500;
/** Rows per pruning slice. */
const PRUNE_SLICE_ROWS = 2_000;
const DAY_MS = 86_400_000;

const cursorOf = (r: { at: string; id: number }) => `${r.at}~${r.id}`;

/** The as-run log: reading it (page, CSV) and keeping it to the station's retention. */
export class AsRunService {
  constructor(private readonly ctx: AppContext) {}

  async list(
    actor: Pick<Actor, 'companyId'>,
    filter: AsRunFilter,
    before: AsRunCursor | undefined,
    limit: number,
  ): Promise<AsRunPage> {
    const rows = await this.page(actor.companyId, filter, before, limit + 1);
    const entries = rows.slice(0, limit);
    const last = entries[entries.length - 1];
    return { entries, nextCursor: rows.length > limit && last ? cursorOf(last) : null };
  }

  /**
   * Streams the filtered log as CSV, newest first, a page at a time: each page is read, turned
   * into text and written, then the loop is handed back (on-air writes first) and a slow client
   * is waited for — a 100 000-row export never holds the event loop more than a page's work.
   */
  async exportCsv(actor: Pick<Actor, 'companyId'>, filter: AsRunFilter, res: Response): Promise<void> {
    const zone = await this.ctx.store.read((q) => new StationTimeZones(q).of(actor.companyId));
    await writeChunk(res, csvHeader(zone));
    let before: AsRunCursor | undefined;
    let done = false;
    for await (const _ of airFirst(
      this.ctx.onAir,
      whileMore(() => !done && !res.destroyed),
    )) {
      const rows = await this.page(actor.companyId, filter, before, EXPORT_PAGE_ROWS);
      if (rows.length) await writeChunk(res, csvRows(rows, zone));
      const last = rows[rows.length - 1];
      if (rows.length < EXPORT_PAGE_ROWS || !last) done = true;
      else before = { at: last.at, id: last.id };
    }
    res.end();
  }

  /** A station's retention in days (null in the row = the default). */
  async retentionDays(companyId: number): Promise<number> {
    const days = await this.ctx.store.read((q) => new AsRunRepo(q).retentionDays(companyId));
    return days ?? AS_RUN_DEFAULT_RETENTION_DAYS;
  }

  /**
   * Deletes every company's rows older than its retention, in slices committed without an fsync
   * (the loop is handed back between them, air first). Returns how many rows went.
   */
  async prune(): Promise<number> {
    let removed = 0;
    const now = this.ctx.clock.now().getTime(); // one moment for the whole run
    for (const id of await this.ctx.store.read((q) => new AsRunRepo(q).companyIds())) {
      const cutoff = new Date(now - (await this.retentionDays(id)) * DAY_MS).toISOString();
      let n = PRUNE_SLICE_ROWS;
      for await (const _ of airFirst(
        this.ctx.onAir,
        whileMore(() => n === PRUNE_SLICE_ROWS),
      )) {
        n = await sliceCommit(this.ctx.store, id, (tx) => new AsRunRepo(tx).pruneSome(id, cutoff, PRUNE_SLICE_ROWS));
        removed += n;
      }
    }
    return removed;
  }

  private page(companyId: number, filter: AsRunFilter, before: AsRunCursor | undefined, limit: number) {
    return this.ctx.store.read((q) => new AsRunRepo(q).page(companyId, filter, before, limit));
  }
}
