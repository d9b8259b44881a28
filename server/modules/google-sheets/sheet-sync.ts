import { serviceAccountKeySchema, type ServiceAccountKey } from '../../../shared/contracts/google-sheets';
import type { AppContext } from '../../context';
import { HttpError, badRequest } from '../../lib/errors';
import { SheetsClient, SheetsError } from '../../integrations/google-sheets/sheets-client';
import type { ActivityLogsService } from '../activity-logs/activity-logs.service';
import type { EquipmentService } from '../equipment/equipment.service';
import type { EquipmentRequestsService } from '../equipment-requests/equipment-requests.service';
import { GoogleSheetsRepo } from './google-sheets.repo';
import type { PullCounts } from './sheet-import';
import type { Connection, OpenConnection, Who } from './sheet-connection';
import { SheetTransfer } from './sheet-transfer';

export type { Connection, OpenConnection, Who } from './sheet-connection';

/** The stored key, parsed; null when none (or one that no longer parses) is stored. */
export function storedKey(serviceAccountKey: string | null | undefined): ServiceAccountKey | null {
  if (!serviceAccountKey) return null;
  const key = serviceAccountKeySchema.safeParse(JSON.parse(serviceAccountKey));
  return key.success ? key.data : null;
}

export const NOT_CONNECTED =
  'Google Sheets is not connected: upload the service-account key and enter the sheet ID under Connection';
export const NO_SHEET = 'No sheet yet: enter the ID of a sheet shared with the service account, or use Create Sheet';

/** Google's refusal as our answer: the station's setup (400) or Google being unreachable (502). */
export function asHttpError(err: unknown, email: string): HttpError {
  if (!(err instanceof SheetsError)) return err instanceof HttpError ? err : new HttpError(502, String(err));
  if (err.permission) return badRequest(`${err.message}. Share the sheet with the service account ${email} as Editor.`);
  if (err.status === 404) return badRequest(`The sheet was not found (${err.message}): check the sheet ID`);
  if (err.status >= 400 && err.status < 500 && err.status !== 429)
    return badRequest(`Google Sheets refused: ${err.message}`);
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
  private readonly transfer: SheetTransfer;

  constructor(
    private readonly ctx: AppContext,
    equipment: EquipmentService,
    requests: EquipmentRequestsService,
    activity: ActivityLogsService,
  ) {
    this.transfer = new SheetTransfer(ctx, equipment, requests, activity);
  }

  markDirty(companyId: number): void {
    this.dirty.add(companyId);
  }

  isDirty(companyId: number): boolean {
    return this.dirty.has(companyId);
  }

  async connection(companyId: number): Promise<Connection> {
    const row = await this.ctx.store.read((q) => new GoogleSheetsRepo(q).find(companyId));
    const key = storedKey(row?.serviceAccountKey);
    if (!row || !key) throw badRequest(NOT_CONNECTED);
    return {
      client: new SheetsClient(key, this.ctx.config.googleSheets.rootUrl),
      spreadsheetId: row.spreadsheetId,
      serviceAccountEmail: key.client_email,
      connectedBy: row.connectedBy,
    };
  }

  /** Runs after every earlier sync of the company; records the outcome as the connection's last error. */
  serial<T>(companyId: number, run: (c: OpenConnection) => Promise<T>): Promise<T> {
    const previous = this.running.get(companyId) ?? Promise.resolve();
    const next = previous.catch(() => undefined).then(() => this.attempt(companyId, run));
    this.running.set(companyId, next);
    void next
      .finally(() => this.running.get(companyId) === next && this.running.delete(companyId))
      .catch(() => undefined);
    return next;
  }

  private async attempt<T>(companyId: number, run: (c: OpenConnection) => Promise<T>): Promise<T> {
    const c = await this.connection(companyId);
    if (!c.spreadsheetId) throw badRequest(NO_SHEET);
    try {
      const result = await run({ ...c, spreadsheetId: c.spreadsheetId });
      await this.saveLastError(companyId, null);
      return result;
    } catch (err) {
      const http = asHttpError(err, c.serviceAccountEmail);
      await this.saveLastError(companyId, http.message);
      throw http;
    }
  }

  private saveLastError(companyId: number, lastError: string | null): Promise<void> {
    const at = this.now();
    return this.ctx.store.write(companyId, (tx) => new GoogleSheetsRepo(tx).save(companyId, { lastError }, at));
  }

  pull(actor: Who, c: OpenConnection): Promise<PullCounts> {
    return this.transfer.pull(actor, c);
  }

  /** Writes both tabs when the grid differs from the last one written (or `force`). */
  push(actor: Who, c: OpenConnection, force = false): Promise<{ equipment: number; requests: number } | null> {
    // Cleared before the read: a change landing while this write runs marks the company again.
    this.dirty.delete(actor.companyId);
    return this.transfer.push(actor, c, force);
  }

  private now(): string {
    return this.ctx.clock.now().toISOString();
  }
}
