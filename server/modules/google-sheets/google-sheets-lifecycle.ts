import { AsyncLocalStorage } from 'node:async_hooks';
import { GOOGLE_SHEETS } from '../../../shared/contracts/google-sheets';
import type { ServerEventType } from '../../../shared/contracts/live';
import type { AppContext } from '../../context';
import type { Scheduler } from '../../jobs/scheduler';
import { GoogleSheetsRepo } from './google-sheets.repo';
import type { GoogleSheetsService } from './google-sheets.service';
import type { SheetSync } from './sheet-sync';

/** The events that change what the sheet shows. */
const SHEET_EVENTS: ReadonlySet<ServerEventType> = new Set([
  'equipment_created',
  'equipment_updated',
  'equipment_deleted',
  'equipment_bulk_imported',
  'equipment_requested',
  'equipment_request_updated',
]);

/**
 * To the sheet only when data changes (debounced: a burst of edits is one write); from the sheet
 * every 30 minutes (docs/product.md §Limits). Both act for the user who connected the sheet. Returns the stop.
 */
export function startGoogleSheets(
  ctx: AppContext,
  sheets: GoogleSheetsService,
  sync: SheetSync,
  scheduler: Scheduler,
): () => Promise<void> {
  const timers = new Map<number, NodeJS.Timeout>();
  const inFlight = new Set<Promise<void>>();
  let stopped = false;
  // The context of start-up, outside every write: a listener runs in the publisher's context, and
  // the debounced write it starts must never take a write the publisher may have open as its own
  // (db/store.ts joins a read or write to the write of its async context).
  const detached = AsyncLocalStorage.snapshot();
  const connected = () => ctx.store.read((q) => new GoogleSheetsRepo(q).connectedCompanies());
  const actorFor = async (companyId: number) => {
    const userId = (await ctx.store.read((q) => new GoogleSheetsRepo(q).find(companyId)))?.connectedBy;
    return userId ? { companyId, userId } : null;
  };
  const run = (companyId: number, why: 'push' | 'scheduled sync') => {
    // Failures are kept as the connection's last error (the page shows it); the log says more.
    const done = (async () => {
      const actor = await actorFor(companyId);
      if (!actor) return;
      await (why === 'push' ? sheets.pushIfChanged(actor) : sheets.syncNow(actor));
    })().catch((err: unknown) =>
      ctx.logger.warn(`google sheets ${why} failed`, {
        companyId,
        error: err instanceof Error ? err.message : String(err),
      }),
    );
    inFlight.add(done);
    void done.finally(() => inFlight.delete(done));
    return done;
  };
  /** A change to what the sheet shows: marks the company and (re)starts its debounced write. */
  const changed = async (companyId: number) => {
    if (!(await connected()).includes(companyId) || stopped) return;
    sync.markDirty(companyId);
    clearTimeout(timers.get(companyId));
    const timer = setTimeout(() => {
      timers.delete(companyId);
      void run(companyId, 'push');
    }, ctx.config.googleSheets.pushDebounceMs);
    timer.unref();
    timers.set(companyId, timer);
  };
  const unsubscribe = ctx.bus.subscribeLocal((event) => {
    if (!SHEET_EVENTS.has(event.type)) return;
    detached(changed, event.companyId).catch((err: unknown) =>
      ctx.logger.warn('google sheets change not noted', {
        companyId: event.companyId,
        error: err instanceof Error ? err.message : String(err),
      }),
    );
  });
  scheduler.add({
    name: 'google-sheets-pull',
    everyMs: GOOGLE_SHEETS.pullEveryMs,
    run: async () => {
      for (const companyId of await connected()) await run(companyId, 'scheduled sync');
    },
  });
  // Shutdown lets a running sync finish its write (the database closes after this).
  return async () => {
    unsubscribe();
    stopped = true;
    timers.forEach((t) => clearTimeout(t));
    await Promise.all(inFlight);
  };
}
