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
  const actorFor = (companyId: number) => {
    const userId = new GoogleSheetsRepo(ctx.db).find(companyId)?.connectedBy;
    return userId ? { companyId, userId } : null;
  };
  const run = (companyId: number, why: 'push' | 'scheduled sync') => {
    const actor = actorFor(companyId);
    if (!actor) return Promise.resolve();
    // Failures are kept as the connection's last error (the page shows it); the log says more.
    const done = (why === 'push' ? sheets.pushIfChanged(actor) : sheets.syncNow(actor)).then(
      () => undefined,
      (err: unknown) =>
        ctx.logger.warn(`google sheets ${why} failed`, {
          companyId,
          error: err instanceof Error ? err.message : String(err),
        }),
    );
    inFlight.add(done);
    void done.finally(() => inFlight.delete(done));
    return done;
  };
  const unsubscribe = ctx.bus.subscribe((event) => {
    if (!SHEET_EVENTS.has(event.type) || !new GoogleSheetsRepo(ctx.db).connectedCompanies().includes(event.companyId))
      return;
    sync.markDirty(event.companyId);
    clearTimeout(timers.get(event.companyId));
    const timer = setTimeout(() => {
      timers.delete(event.companyId);
      void run(event.companyId, 'push');
    }, ctx.config.googleSheets.pushDebounceMs);
    timer.unref();
    timers.set(event.companyId, timer);
  });
  scheduler.add({
    name: 'google-sheets-pull',
    everyMs: GOOGLE_SHEETS.pullEveryMs,
    run: async () => {
      for (const companyId of new GoogleSheetsRepo(ctx.db).connectedCompanies()) await run(companyId, 'scheduled sync');
    },
  });
  // Shutdown lets a running sync finish its write (the database closes after this).
  return async () => {
    unsubscribe();
    timers.forEach((t) => clearTimeout(t));
    await Promise.all(inFlight);
  };
}
