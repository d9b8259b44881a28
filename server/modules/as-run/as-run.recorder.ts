import type { AppContext } from '../../context';
import type { NewAsRunRow } from '../../db/schema';
import { airFirst, sliceCommit, whileMore, within } from '../../lib/time-slices';
import type { OnAirChanges, OutputResult } from '../outputs/on-air-changes';
import { AsRunRepo } from './as-run.repo';

/** How long rows wait to be written with others; a burst of writes becomes one commit. */
export const AS_RUN_FLUSH_MS = 250;
/** A buffer this full is written at once, not after the timer (bounds memory in a storm). */
export const AS_RUN_FLUSH_ROWS = 2_000;
/** Rows per slice's transaction (one slice stays within a few ms; 200 rows took ~1 ms here). */
const ROWS_PER_SLICE = 200;
/**
 * Rows per INSERT: 12 parameters a row stays far inside both engines' limits, and a slice checks
 * its time between statements.
 */
const ROWS_PER_STATEMENT = 50;
/** The buffer holds rows of every station: a slice writes as the server, not as one station. */
const WRITER = 'server';

/** One row per type the change wrote: a spreadsheet user filters by type (docs/decisions.md). */
export function rowsOf(result: OutputResult): NewAsRunRow[] {
  const { change } = result;
  return Object.entries(change.changed).map(([type, text]) => ({
    companyId: change.companyId,
    at: result.at,
    seq: change.seq,
    userId: change.userId,
    apiKey: change.apiKey,
    source: change.source,
    action: change.action,
    type,
    text,
    output: result.output,
    result: result.result,
    message: result.message ?? null,
  }));
}

/**
 * Records every output result as as-run rows. The listener runs on the air thread inside the CG
 * write, so it only pushes onto a buffer; a timer (or a full buffer) writes the buffer in slices
 * of ROWS_PER_SLICE rows, each committed without an fsync (db/fast-commit.ts) after any on-air
 * write in progress, the WAL then fsynced off the loop. close() writes what is left with a FULL
 * commit, so a clean shutdown loses nothing; a crash may lose the last AS_RUN_FLUSH_MS of rows,
 * never an on-air write (docs/decisions.md).
 */
export class AsRunRecorder {
  private buffer: NewAsRunRow[] = [];
  private timer: NodeJS.Timeout | null = null;
  /** The timer set is the full buffer's (0 ms), not the batching delay. */
  private soon = false;
  /** The one drain running: the timer's, or flush's. Two at once would write the same rows. */
  private draining: Promise<void> | null = null;
  private closed = false;
  private readonly stopListening: () => void;

  constructor(
    private readonly ctx: AppContext,
    changes: OnAirChanges,
    private readonly flushMs = AS_RUN_FLUSH_MS,
  ) {
    this.stopListening = changes.onResult((result) => this.enqueue(result));
  }

  /** Rows waiting to be written (tests, the shutdown log). */
  get pending(): number {
    return this.buffer.length;
  }

  private enqueue(result: OutputResult): void {
    for (const row of rowsOf(result)) this.buffer.push(row);
    if (this.buffer.length >= AS_RUN_FLUSH_ROWS) this.schedule(0);
    else this.schedule(this.flushMs);
  }

  private schedule(ms: number): void {
    if (this.draining || this.closed) return; // the running drain takes what arrives meanwhile
    if (this.timer && (ms > 0 || this.soon)) return; // already due as soon or sooner
    if (this.timer) clearTimeout(this.timer);
    this.soon = ms === 0;
    this.timer = setTimeout(() => {
      this.timer = null;
      if (!this.draining) void this.startDrain();
    }, ms);
  }

  /**
   * Runs a drain as `draining`. A failed one (the store unreachable) is logged, not thrown at the
   * timer: its rows stay in the buffer and the next drain writes them.
   */
  private startDrain(): Promise<void> {
    const run = this.drain();
    this.draining = run
      .catch((err: unknown) => this.ctx.logger.error('as-run rows not written yet; retrying', { err }))
      .finally(() => {
        this.draining = null;
        if (this.buffer.length) this.schedule(this.flushMs);
      });
    return run;
  }

  /** Writes the buffer in slices, each after the air is idle; rows keep their arrival order. */
  private async drain(): Promise<void> {
    for await (const _ of airFirst(
      this.ctx.onAir,
      whileMore(() => this.buffer.length > 0),
    )) {
      const written = await sliceCommit(this.ctx.store, WRITER, async (tx) => {
        const repo = new AsRunRepo(tx);
        const more = within();
        let n = 0;
        while (n < this.buffer.length && n < ROWS_PER_SLICE && (n === 0 || more())) {
          const rows = this.buffer.slice(n, Math.min(n + ROWS_PER_STATEMENT, ROWS_PER_SLICE));
          await repo.insert(rows);
          n += rows.length;
        }
        return n;
      });
      // Taken off once committed: a slice that fails leaves its rows to the next drain.
      this.buffer.splice(0, written);
    }
  }

  /** Shutdown: stop listening, finish the drain, write the rest with a FULL (fsynced) commit. */
  async close(): Promise<void> {
    this.closed = true;
    this.stopListening();
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.draining;
    const rest = this.buffer;
    this.buffer = [];
    if (!rest.length) return;
    await this.ctx.store.write(WRITER, async (tx) => {
      const repo = new AsRunRepo(tx);
      for (let i = 0; i < rest.length; i += ROWS_PER_STATEMENT)
        await repo.insert(rest.slice(i, i + ROWS_PER_STATEMENT));
    });
  }

  /** Tests: write everything now and wait for it. */
  async flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.draining;
    // The drain that just ended may have set the timer again for rows that came meanwhile.
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (this.buffer.length) await this.startDrain();
  }
}
