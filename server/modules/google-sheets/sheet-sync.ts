import { createHash } from 'node:crypto';
import { GOOGLE_SHEETS, serviceAccountKeySchema } from '../../../shared/contracts/google-sheets';
import type { AppContext } from '../../context';
import type { Equipment } from '../../../shared/contracts/equipment';
import { commitWithoutFsync } from '../../db/fast-commit';
import { HttpError, badRequest } from '../../lib/errors';
import { within, yieldToAir } from '../../lib/time-slices';
import { SheetsClient, SheetsError } from '../../integrations/google-sheets/sheets-client';
import { cellsHash, editableCells, equipmentGrid, requestsGrid } from '../../integrations/google-sheets/sheet-rows';
import type { ActivityLogsService } from '../activity-logs/activity-logs.service';
import type { EquipmentService } from '../equipment/equipment.service';
import type { EquipmentRequestsService } from '../equipment-requests/equipment-requests.service';
import { GoogleSheetsRepo } from './google-sheets.repo';
import { SheetImport, type PullCounts } from './sheet-import';

export type Who = { companyId: number; userId: number };

export interface Connection {
  client: SheetsClient;
  spreadsheetId: string | null;
  serviceAccountEmail: string;
  /** Scheduled syncs act for the user who connected the sheet. */
  connectedBy: number | null;
}

export const NOT_CONNECTED = 'Google Sheets is not connected: upload the service-account key and enter the sheet ID under Connection';
export const NO_SHEET = 'No sheet yet: enter the ID of a sheet shared with the service account, or use Create Sheet';

/** Google's refusal as our answer: the station's setup (400) or Google being unreachable (502). */
export function asHttpError(err: unknown, email: string): HttpError {
  if (!(err instanceof SheetsError)) return err instanceof HttpError ? err : new HttpError(502, String(err));
  if (err.permission) return badRequest(`${err.message}. Share the sheet with the service account ${email} as Editor.`);
  if (err.status === 404) return badRequest(`The sheet was not found (${err.message}): check the sheet ID`);
  if (err.status >= 400 && err.status < 500 && err.status !== 429) return badRequest(`Google Sheets refused: ${err.message}`);
  return new HttpError(502, `Google Sheets could not be reached: ${err.message}`);
}

/**
 * The sync engine: pull (sheet → DB through the services) and push (DB → sheet, only when the grid
 * changed). One sync per company at a time: later calls wait their turn, so a double-click or the
 * timer firing mid-sync never interleaves two writers.
 */
export class SheetSync {
  private readonly running = new Map<number, Promise<unknown>>();
  /** Companies whose data changed since their last write to the sheet. */
  private readonly dirty = new Set<number>();
  private readonly importer: SheetImport;

  constructor(
    private readonly ctx: AppContext,
    private readonly equipment: EquipmentService,
    private readonly requests: EquipmentRequestsService,
    private readonly activity: ActivityLogsService,
  ) {
    this.importer = new SheetImport(ctx, equipment, activity);
  }

  markDirty(companyId: number): void {
    this.dirty.add(companyId);
  }

  isDirty(companyId: number): boolean {
    return this.dirty.has(companyId);
  }

  connection(companyId: number): Connection {
    const row = new GoogleSheetsRepo(this.ctx.db).find(companyId);
    const key = row?.serviceAccountKey ? serviceAccountKeySchema.safeParse(JSON.parse(row.serviceAccountKey)) : null;
    if (!row || !key?.success) throw badRequest(NOT_CONNECTED);
    return { client: new SheetsClient(key.data, this.ctx.config.googleSheets.rootUrl), spreadsheetId: row.spreadsheetId, serviceAccountEmail: key.data.client_email, connectedBy: row.connectedBy };
  }

  /** Runs after every earlier sync of the company; records the outcome as the connection's last error. */
  serial<T>(companyId: number, run: (c: Connection & { spreadsheetId: string }) => Promise<T>): Promise<T> {
    const previous = this.running.get(companyId) ?? Promise.resolve();
    const next = previous.catch(() => undefined).then(() => this.attempt(companyId, run));
    this.running.set(companyId, next);
    void next.finally(() => this.running.get(companyId) === next && this.running.delete(companyId)).catch(() => undefined);
    return next;
  }

  private async attempt<T>(companyId: number, run: (c: Connection & { spreadsheetId: string }) => Promise<T>): Promise<T> {
    const c = this.connection(companyId);
    if (!c.spreadsheetId) throw badRequest(NO_SHEET);
    try {
      const result = await run({ ...c, spreadsheetId: c.spreadsheetId });
      new GoogleSheetsRepo(this.ctx.db).save(companyId, { lastError: null }, this.now());
      return result;
    } catch (err) {
      const http = asHttpError(err, c.serviceAccountEmail);
      new GoogleSheetsRepo(this.ctx.db).save(companyId, { lastError: http.message }, this.now());
      throw http;
    }
  }

  async pull(actor: Who, c: Connection & { spreadsheetId: string }): Promise<PullCounts> {
    const grid = await c.client.read(c.spreadsheetId, GOOGLE_SHEETS.equipmentTab);
    const counts = await this.importer.run(actor, grid);
    new GoogleSheetsRepo(this.ctx.db).save(actor.companyId, { lastPullAt: this.now() }, this.now());
    if (counts.created + counts.updated + counts.rejected.length > 0) {
      const bad = counts.rejected.map((r) => `row ${r.row}: ${r.error}`).join('; ');
      this.activity.record(actor, 'google_sheets_pull', `From Google Sheets: ${counts.created} added, ${counts.updated} updated, ${counts.rejected.length} rejected${bad ? ` (${bad})` : ''}`);
    }
    return counts;
  }

  /** Writes both tabs when the grid differs from the last one written (or `force`). */
  async push(actor: Who, c: Connection & { spreadsheetId: string }, force = false): Promise<{ equipment: number; requests: number } | null> {
    // Cleared before the read: a change landing while this write runs marks the company again.
    this.dirty.delete(actor.companyId);
    const items = this.equipment.list(actor);
    const grids = { [GOOGLE_SHEETS.equipmentTab]: equipmentGrid(items), [GOOGLE_SHEETS.requestsTab]: requestsGrid(this.requests.list(actor)) };
    const hash = createHash('sha1').update(JSON.stringify(grids)).digest('hex');
    const repo = new GoogleSheetsRepo(this.ctx.db);
    if (!force && repo.find(actor.companyId)?.lastPushHash === hash) return null;
    await c.client.replace(c.spreadsheetId, grids);
    await this.rememberWritten(actor.companyId, items);
    const at = this.now();
    repo.save(actor.companyId, { lastPushHash: hash, lastPushAt: at }, at);
    return { equipment: items.length, requests: grids[GOOGLE_SHEETS.requestsTab].length - 1 };
  }

  /**
   * The rows as now in the sheet become the sync base. Only hashes that changed are written, in
   * slices that wait for on-air writes (the first write of a large catalogue is many rows); the
   * final FULL commit (lastPushAt) makes them durable.
   */
  private async rememberWritten(companyId: number, items: Equipment[]): Promise<void> {
    const stored = new GoogleSheetsRepo(this.ctx.db).hashes(companyId);
    const changed = items.map((i) => [i.id, cellsHash(editableCells(i))] as const).filter(([id, h]) => stored.get(id) !== h);
    const gone = new Set(stored.keys());
    items.forEach((i) => gone.delete(i.id));
    const at = this.now();
    let n = 0;
    while (n < changed.length) {
      const more = within();
      commitWithoutFsync(this.ctx.db, () =>
        this.ctx.db.transaction((tx) => {
          const repo = new GoogleSheetsRepo(tx);
          for (; n < changed.length && more(); n++) repo.setHash(companyId, changed[n]![0], changed[n]![1], at);
        }),
      );
      if (n < changed.length) await yieldToAir(this.ctx.onAir);
    }
    if (gone.size) new GoogleSheetsRepo(this.ctx.db).forgetRows(companyId, [...gone]);
  }

  private now(): string {
    return this.ctx.clock.now().toISOString();
  }
}
