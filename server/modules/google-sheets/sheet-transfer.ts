import { createHash } from 'node:crypto';
import { EQUIPMENT_SHEET_COLUMNS, GOOGLE_SHEETS } from '../../../shared/contracts/google-sheets';
import type { AppContext } from '../../context';
import { airFirst, airStep, closeJob, sliceCommit, whileMore, within } from '../../lib/time-slices';
import { equipmentTabReader, requestsGrid } from '../../integrations/google-sheets/sheet-rows';
import type { ActivityLogsService } from '../activity-logs/activity-logs.service';
import { EquipmentRepo } from '../equipment/equipment.repo';
import { presentEquipment } from '../equipment/equipment.presenter';
import type { EquipmentService } from '../equipment/equipment.service';
import type { EquipmentRequestsService } from '../equipment-requests/equipment-requests.service';
import { GoogleSheetsRepo } from './google-sheets.repo';
import { SheetImport, type PullCounts } from './sheet-import';
import type { OpenConnection, Who } from './sheet-connection';

/**
 * Sizes that keep every synchronous step a few milliseconds, whatever the catalogue's size: the
 * catalogue is read from SQLite a page at a time, the sheet read in ranges (a 5 000-row answer is
 * ~0.7 MB of JSON) and written in blocks (each a request: Google allows ~60 writes a minute).
 */
const DB_PAGE = 1_000;
const READ_ROWS = 5_000;
const WRITE_ROWS = 10_000;
const PAGES_PER_WRITE = WRITE_ROWS / DB_PAGE;

/** `[[a],[b]]` + `[[c]]` → `[[a],[b],[c]]`, as text: the pages' JSON spliced, never parsed. */
export function joinRowsJson(pages: string[]): string {
  const inner = pages.map((json) => json.slice(1, -1)).filter((rows) => rows.length > 0);
  return `[${inner.join(',')}]`;
}

/** Pull (sheet → DB through the services) and push (DB → sheet, only when the grid changed). */
export class SheetTransfer {
  private readonly importer: SheetImport;

  constructor(
    private readonly ctx: AppContext,
    equipment: EquipmentService,
    private readonly requests: EquipmentRequestsService,
    private readonly activity: ActivityLogsService,
  ) {
    this.importer = new SheetImport(ctx, equipment, activity);
  }

  async pull(actor: Who, c: OpenConnection): Promise<PullCounts> {
    const tab = GOOGLE_SHEETS.equipmentTab;
    const reader = equipmentTabReader((await c.client.readRows(c.spreadsheetId, tab, 1, 1))[0] ?? []);
    const counts: PullCounts = { created: 0, updated: 0, conflicts: 0, rejected: reader.error ? [reader.error] : [] };
    // Until an empty range: blank rows inside the tab are allowed, so a short page is not the end.
    for (let from = 2; !reader.error; from += READ_ROWS) {
      const page = await c.client.readRows(c.spreadsheetId, tab, from, from + READ_ROWS - 1);
      if (page.length === 0) break;
      // Read in parts of a DB page, the loop handed back between them: one 5 000-row request
      // keeps Google's read quota (60 a minute) but read and compared at once it held the air
      // thread 70–130 ms.
      for await (const k of airFirst(this.ctx.onAir, steps(page.length, DB_PAGE))) {
        const { rows, rejected } = reader.read(page.slice(k, k + DB_PAGE), from + k);
        counts.rejected.push(...rejected);
        await this.importer.run(actor, rows, counts);
      }
    }
    // Durable with every slice before it, and no fsync on the loop (closeJob).
    await closeJob(this.ctx.onAir, this.ctx.store, actor.companyId, async (tx) => {
      await new GoogleSheetsRepo(tx).save(actor.companyId, { lastPullAt: this.now() }, this.now());
      if (counts.created + counts.updated + counts.rejected.length > 0) {
        const bad = counts.rejected.map((r) => `row ${r.row}: ${r.error}`).join('; ');
        await this.activity.record(
          actor,
          'google_sheets_pull',
          `From Google Sheets: ${counts.created} added, ${counts.updated} updated, ${counts.rejected.length} rejected${bad ? ` (${bad})` : ''}`,
          tx,
        );
      }
    });
    return counts;
  }

  /** Writes both tabs when the grid differs from the last one written (or `force`). */
  async push(actor: Who, c: OpenConnection, force: boolean): Promise<{ equipment: number; requests: number } | null> {
    const { pages, hashes, requests, digest } = await this.snapshot(actor);
    const last = await this.ctx.store.read((q) => new GoogleSheetsRepo(q).find(actor.companyId));
    if (!force && last?.lastPushHash === digest) return null;
    const tabs = [GOOGLE_SHEETS.equipmentTab, GOOGLE_SHEETS.requestsTab];
    await c.client.clear(c.spreadsheetId, tabs);
    await c.client.write(c.spreadsheetId, [
      { tab: GOOGLE_SHEETS.equipmentTab, fromRow: 1, rows: [[...EQUIPMENT_SHEET_COLUMNS]] },
      { tab: GOOGLE_SHEETS.requestsTab, fromRow: 1, rows: requests },
    ]);
    let fromRow = 2;
    for await (const p of airFirst(this.ctx.onAir, steps(pages.length, PAGES_PER_WRITE))) {
      const block = pages.slice(p, p + PAGES_PER_WRITE);
      await c.client.writeJson(
        c.spreadsheetId,
        GOOGLE_SHEETS.equipmentTab,
        fromRow,
        joinRowsJson(block.map((page) => page.json)),
      );
      fromRow += block.reduce((n, page) => n + page.rows, 0);
    }
    await this.rememberWritten(actor.companyId, hashes);
    const at = this.now();
    await closeJob(this.ctx.onAir, this.ctx.store, actor.companyId, (tx) =>
      new GoogleSheetsRepo(tx).save(actor.companyId, { lastPushHash: digest, lastPushAt: at }, at),
    );
    return { equipment: hashes.length, requests: requests.length - 1 };
  }

  /** The catalogue as sheet rows, a DB page at a time with the loop handed back between pages. */
  private async snapshot(actor: Who) {
    const pages: { json: string; rows: number }[] = [];
    const hashes: [number, string][] = [];
    const digest = createHash('sha1');
    let after = 0;
    let done = false;
    // A DB page per slice, read after air.
    for await (const _ of airFirst(
      this.ctx.onAir,
      whileMore(() => !done),
    )) {
      const rows = await this.ctx.store.read((q) => new EquipmentRepo(q).listAfter(actor.companyId, after, DB_PAGE));
      const items = rows.map(presentEquipment);
      if ((done = items.length === 0)) break;
      after = items[items.length - 1]!.id;
      // Rows, hashes and the page's JSON are built on the heavy worker, off the air thread.
      const page = await this.ctx.heavy.task('sheets.pushPage', items, [], { station: actor.companyId });
      digest.update(page.json);
      pages.push({ json: page.json, rows: page.hashes.length });
      hashes.push(...page.hashes);
    }
    const requests = requestsGrid(await this.requests.list(actor));
    digest.update(JSON.stringify(requests));
    return { pages, hashes, requests, digest: digest.digest('hex') };
  }

  /**
   * The rows as now in the sheet become the sync base. Only hashes that changed are written, in
   * slices that wait for on-air writes; the closing write (lastPushAt, closeJob) makes them durable.
   */
  private async rememberWritten(companyId: number, hashes: [number, string][]): Promise<void> {
    const at = this.now();
    // Every page, changed or not, is a slice: an unchanged 100 000-item catalogue once compared all
    // its pages in one synchronous run (a 220–330 ms block of the air thread, bench/loop-blocks.ts).
    for await (const p of airFirst(this.ctx.onAir, steps(hashes.length, DB_PAGE))) {
      const page = hashes.slice(p, p + DB_PAGE);
      const ids = page.map(([id]) => id);
      const stored = await this.ctx.store.read((q) => new GoogleSheetsRepo(q).hashesOf(companyId, ids));
      const changed = page.filter(([id, h]) => stored.get(id) !== h);
      let n = 0;
      // The page's changed hashes, a few ms of commits per slice.
      for await (const _ of airFirst(
        this.ctx.onAir,
        whileMore(() => n < changed.length),
      )) {
        await sliceCommit(this.ctx.store, companyId, async (tx) => {
          // The budget starts once the slice holds the writer, not while it waits for it.
          const more = within();
          for (const repo = new GoogleSheetsRepo(tx); n < changed.length && more(); n++)
            await repo.setHash(companyId, changed[n]![0], changed[n]![1], at);
        });
      }
    }
    await airStep(this.ctx.onAir, () =>
      this.ctx.store.write(companyId, (tx) => new GoogleSheetsRepo(tx).forgetDeleted(companyId)),
    );
  }

  private now(): string {
    return this.ctx.clock.now().toISOString();
  }
}

/** The starts of `size`-long steps over `length` items: 0, size, 2·size, … (a job's slices). */
function* steps(length: number, size: number): Generator<number> {
  for (let at = 0; at < length; at += size) yield at;
}
