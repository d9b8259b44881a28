import type { z } from 'zod';
import {
  GOOGLE_SHEETS,
  type googleSheetsSettingsInputSchema,
  sheetUrl,
  type CreateSheetResult,
  type GoogleSheetsSettings,
  type GoogleSheetsStatus,
  type SheetSyncResult,
} from '../../../shared/contracts/google-sheets';
import type { AppContext } from '../../context';
import { HttpError, conflict } from '../../lib/errors';
import type { ActivityLogsService } from '../activity-logs/activity-logs.service';
import { GoogleSheetsRepo } from './google-sheets.repo';
import { CompaniesRepo } from '../companies/companies.repo';
import {
  NOT_CONNECTED,
  NO_SHEET,
  asHttpError,
  storedKey,
  type Connection,
  type OpenConnection,
  type SheetSync,
  type Who,
} from './sheet-sync';

type SettingsInput = z.output<typeof googleSheetsSettingsInputSchema>;

const counted = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

/** GET/PUT connection, status, URL and the sync actions of /api/google-sheets (docs/product.md §API). */
export class GoogleSheetsService {
  private readonly creating = new Set<number>();

  constructor(
    private readonly ctx: AppContext,
    private readonly sync: SheetSync,
    private readonly activity: ActivityLogsService,
  ) {}

  async settings(actor: Pick<Who, 'companyId'>): Promise<GoogleSheetsSettings> {
    const row = await this.find(actor.companyId);
    const email = storedKey(row?.serviceAccountKey)?.client_email ?? null;
    return {
      keySet: Boolean(row?.serviceAccountKey),
      serviceAccountEmail: email,
      spreadsheetId: row?.spreadsheetId ?? null,
      lastPushAt: row?.lastPushAt ?? null,
      lastPullAt: row?.lastPullAt ?? null,
    };
  }

  /** The key is kept exactly as uploaded; a new sheet id forgets what was known of the old one. */
  async saveSettings(actor: Who, input: SettingsInput): Promise<GoogleSheetsSettings> {
    const at = this.ctx.clock.now().toISOString();
    await this.ctx.store.write(actor.companyId, async (tx) => {
      const repo = new GoogleSheetsRepo(tx);
      const before = await repo.find(actor.companyId);
      const patch: Parameters<GoogleSheetsRepo['save']>[1] = { connectedBy: actor.userId, lastError: null };
      if (input.serviceAccountKey !== undefined)
        patch.serviceAccountKey = input.serviceAccountKey === null ? null : JSON.stringify(input.serviceAccountKey);
      if (input.spreadsheetId !== undefined && input.spreadsheetId !== (before?.spreadsheetId ?? null)) {
        Object.assign(patch, {
          spreadsheetId: input.spreadsheetId,
          lastPushHash: null,
          lastPushAt: null,
          lastPullAt: null,
        });
        await repo.forgetHashes(actor.companyId);
      }
      await repo.save(actor.companyId, patch, at);
      const what = [
        input.serviceAccountKey !== undefined &&
          (input.serviceAccountKey ? 'service-account key set' : 'service-account key removed'),
        patch.spreadsheetId !== undefined && `sheet ${input.spreadsheetId ?? 'removed'}`,
      ];
      await this.activity.record(
        actor,
        'google_sheets_settings',
        `Google Sheets connection updated: ${what.filter(Boolean).join(', ') || 'no change'}`,
        tx,
      );
    });
    return this.settings(actor);
  }

  /** Asks Google now: can the service account open the sheet and does it hold both tabs? */
  async status(actor: Pick<Who, 'companyId'>): Promise<GoogleSheetsStatus> {
    let c;
    try {
      c = await this.sync.connection(actor.companyId);
    } catch {
      return { connected: false, syncWorking: false, error: NOT_CONNECTED };
    }
    if (!c.spreadsheetId) return { connected: false, syncWorking: false, error: NO_SHEET };
    try {
      const tabs = await c.client.tabs(c.spreadsheetId);
      const missing = [GOOGLE_SHEETS.equipmentTab, GOOGLE_SHEETS.requestsTab].filter((t) => !tabs.includes(t));
      if (missing.length)
        return {
          connected: true,
          syncWorking: false,
          error: `The sheet has no ${missing.join(' or ')} tab yet: use Create Sheet to add them`,
        };
      const lastError = (await this.find(actor.companyId))?.lastError ?? null;
      return { connected: true, syncWorking: lastError === null, error: lastError };
    } catch (err) {
      return { connected: false, syncWorking: false, error: asHttpError(err, c.serviceAccountEmail).message };
    }
  }

  async url(actor: Pick<Who, 'companyId'>): Promise<{ url: string | null }> {
    const id = (await this.find(actor.companyId))?.spreadsheetId;
    return { url: id ? sheetUrl(id) : null };
  }

  syncToSheet(actor: Who): Promise<SheetSyncResult> {
    // Sheet edits not yet pulled are taken in first: a write never silently discards them.
    return this.sync.serial(actor.companyId, async (c) => {
      const pulled = await this.sync.pull(actor, c);
      const pushed = await this.sync.push(actor, c, true);
      return this.result('Data synced to Google Sheets', pulled, pushed);
    });
  }

  syncFromSheet(actor: Who): Promise<SheetSyncResult> {
    return this.sync.serial(actor.companyId, async (c) =>
      this.result('Data synced from Google Sheets', await this.sync.pull(actor, c), undefined),
    );
  }

  /** Pull, then push if anything differs: the scheduled job and the Sync Now button. */
  syncNow(actor: Who): Promise<SheetSyncResult> {
    return this.sync.serial(actor.companyId, (c) => this.pullThenPush(actor, c));
  }

  /**
   * The debounced write after a change: skipped when another sync already wrote the change (a
   * Sync Now clicked meanwhile), so a burst of edits and a click cost one write, not two.
   */
  pushIfChanged(actor: Who): Promise<SheetSyncResult | null> {
    return this.sync.serial(actor.companyId, (c) =>
      this.sync.isDirty(actor.companyId) ? this.pullThenPush(actor, c) : Promise.resolve(null),
    );
  }

  private async pullThenPush(actor: Who, c: OpenConnection): Promise<SheetSyncResult> {
    const pulled = await this.sync.pull(actor, c);
    return this.result('Sync complete', pulled, await this.sync.push(actor, c));
  }

  /**
   * Without a sheet: a new spreadsheet with both tabs. With one: adds the missing tabs. Then fills
   * them. A second click while the first runs is refused, never a second spreadsheet.
   */
  async createSheet(actor: Who): Promise<CreateSheetResult> {
    const c = await this.sync.connection(actor.companyId);
    if (this.creating.has(actor.companyId)) throw conflict('The sheet is already being created');
    this.creating.add(actor.companyId);
    try {
      return await this.prepareAndFill(actor, c);
    } finally {
      this.creating.delete(actor.companyId);
    }
  }

  private async prepareAndFill(actor: Who, c: Connection): Promise<CreateSheetResult> {
    const company = await this.ctx.store.read((q) => new CompaniesRepo(q).findById(actor.companyId));
    const companyName = company?.name ?? 'CG Bridge';
    const tabs = [GOOGLE_SHEETS.equipmentTab, GOOGLE_SHEETS.requestsTab];
    try {
      if (!c.spreadsheetId) {
        const id = await c.client.create(`${companyName} — CG Bridge equipment`, tabs);
        const at = this.ctx.clock.now().toISOString();
        await this.ctx.store.write(actor.companyId, (tx) =>
          new GoogleSheetsRepo(tx).save(actor.companyId, { spreadsheetId: id }, at),
        );
      } else {
        const existing = await c.client.tabs(c.spreadsheetId);
        if (tabs.every((t) => existing.includes(t)))
          throw conflict('The sheet already has the Equipment and Requests tabs: use Sync to Sheet to fill them');
        await c.client.addTabs(
          c.spreadsheetId,
          tabs.filter((t) => !existing.includes(t)),
        );
      }
    } catch (err) {
      throw err instanceof HttpError ? err : asHttpError(err, c.serviceAccountEmail);
    }
    const result = await this.syncToSheet(actor);
    const spreadsheetId = (await this.find(actor.companyId))!.spreadsheetId!;
    await this.activity.record(actor, 'google_sheets_created', `Google Sheet prepared: ${sheetUrl(spreadsheetId)}`);
    return {
      success: true,
      message: `Sheet ready: ${result.pushed?.equipment ?? 0} equipment and ${result.pushed?.requests ?? 0} requests written`,
      spreadsheetId,
      url: sheetUrl(spreadsheetId),
    };
  }

  private find(companyId: number) {
    return this.ctx.store.read((q) => new GoogleSheetsRepo(q).find(companyId));
  }

  /** `pushed`: null = the sheet was already up to date, undefined = no write was tried. */
  private result(
    title: string,
    pulled: SheetSyncResult['pulled'],
    pushed: SheetSyncResult['pushed'] | undefined,
  ): SheetSyncResult {
    const parts = [];
    if (pulled)
      parts.push(
        `${counted(pulled.created, 'item')} added and ${counted(pulled.updated, 'item')} updated from the sheet`,
      );
    if (pulled?.rejected.length) parts.push(`${counted(pulled.rejected.length, 'row')} not imported`);
    if (pulled?.conflicts) parts.push(`${counted(pulled.conflicts, 'conflict')} resolved (see the activity log)`);
    if (pushed)
      parts.push(
        `${counted(pushed.equipment, 'item')} and ${counted(pushed.requests, 'request')} written to the sheet`,
      );
    if (pushed === null) parts.push('the sheet was already up to date');
    return { success: true, message: `${title}: ${parts.join('; ')}`, pulled, pushed: pushed ?? null };
  }
}
