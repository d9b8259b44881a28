import type { OutputStatus } from '../../../shared/contracts/outputs';
import {
  messageOf,
  OutputFault,
  textsToSet,
  type OutputDriver,
  type OutputUpdate,
} from '../../integrations/outputs/output-driver';
import type { OnAirChange, OutputResult } from './on-air-changes';
import { LATE, orLate } from '../../lib/time-limit';

export interface LaneOptions {
  /** A fresh driver: after a failure the old one is closed and never used again. */
  makeDriver: () => OutputDriver;
  /**
   * Reads every type's committed text when the lane starts (again if that read failed); from then
   * on the lane keeps it from each change.
   */
  snapshot: () => Promise<Record<string, string>>;
  report: (change: OnAirChange, result: OutputResult['result'], message?: string) => void;
  /** Called on every status change (state or message); lastOkAt alone is not news. */
  onStatus: (status: OutputStatus) => void;
  now: () => Date;
  timeoutMs: number;
  retryBaseMs: number;
  retryMaxMs: number;
  /** Failing this long (or errorAfterFailures sends in a row) turns Retrying into Error (issue 38). */
  errorAfterMs: number;
  errorAfterFailures: number;
}

/** What the device last confirmed (issue 38's tally): every type it shows, and those that send changed. */
export interface LaneConfirmed {
  at: string;
  /** Each type the output shows and the text it confirmed for it. */
  shows: Record<string, string>;
  /** The types that send set (all of them on a full send) with their texts. */
  sent: Record<string, string>;
}

/** Changes not yet sent, folded into one: their types merged, each type's newest text. */
interface Batch {
  changes: OnAirChange[];
  changed: Record<string, string>;
}

/**
 * One output's queue (issue 25): depth one, latest state wins. At most one send is in flight;
 * changes that arrive meanwhile fold into one pending batch, so a slow or dead output never
 * builds a backlog to replay later. A failed or timed-out send closes the driver; the retry (and
 * any later change) goes out on a new connection with the whole current state, never old changes.
 */
export class OutputLane {
  private driver: OutputDriver | null = null;
  private inFlight = false;
  private scheduled = false;
  private pending: Batch | null = null;
  /** The next send must set every type (new connection, or the last send's texts never confirmed). */
  private full = true;
  private failures = 0;
  private retryTimer: NodeJS.Timeout | null = null;
  /** Turns a lasting failure into Error even when no send is attempted meanwhile (backoff). */
  private errorTimer: NodeJS.Timeout | null = null;
  private closed = false;
  /** Null until the start's read (or a change pushed meanwhile) gives it. */
  private snapshot: Record<string, string> | null = null;
  /** Texts from other servers heard before the snapshot was read (see pushTexts). */
  private heardEarly: Record<string, string> = {};
  status: OutputStatus;
  confirmed: LaneConfirmed | null = null;

  constructor(private readonly o: LaneOptions) {
    this.status = { state: 'connecting', message: null, lastOkAt: null, at: o.now().toISOString(), failingSince: null };
  }

  /** Sends the current state once: the server started, or the output was enabled or edited. */
  start(): void {
    this.schedule();
  }

  /** Runs on the air thread: fold the change in and return; the send starts on a later turn. */
  push(change: OnAirChange): void {
    if (this.closed) return;
    this.snapshot = change.snapshot;
    const batch = (this.pending ??= { changes: [], changed: {} });
    batch.changes.push(change);
    Object.assign(batch.changed, change.changed);
    this.schedule();
  }

  /**
   * Texts another server on the store put on air (issue 43): sent like a change, with nothing to
   * report to (the as-run log of that change is the other server's). Heard before the start's read
   * answered, they are laid over it: that read may have been made before their commit.
   */
  pushTexts(changed: Record<string, string>): void {
    if (this.closed) return;
    if (!this.snapshot) return void (this.heardEarly = { ...this.heardEarly, ...changed });
    // A text the lane already holds is sent or on its way (the start's full send read it): not again.
    const fresh = Object.entries(changed).filter(([type, text]) => this.snapshot?.[type] !== text);
    if (!fresh.length) return;
    this.snapshot = { ...this.snapshot, ...Object.fromEntries(fresh) };
    const batch = (this.pending ??= { changes: [], changed: {} });
    Object.assign(batch.changed, Object.fromEntries(fresh));
    this.schedule();
  }

  close(): void {
    this.closed = true;
    this.pending = null;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.stopErrorTimer();
    this.driver?.close();
    this.driver = null;
  }

  private schedule(): void {
    if (this.scheduled || this.inFlight || this.closed) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      void this.pump();
    });
  }

  private async pump(): Promise<void> {
    if (this.inFlight || this.closed) return;
    if (!this.snapshot) return this.readSnapshot();
    const batch = this.pending;
    this.pending = null;
    if (!batch && !this.full) return;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    this.inFlight = true;
    const update: OutputUpdate = { changed: batch?.changed ?? {}, snapshot: this.snapshot, full: this.full };
    const driver = (this.driver ??= this.o.makeDriver());
    try {
      const outcome = await withTimeout(driver.send(update), this.o.timeoutMs);
      if (this.closed) return;
      this.full = false;
      this.failures = 0;
      this.stopErrorTimer();
      if (outcome === 'sent') this.confirm(update, driver.types);
      this.setStatus('connected', null, true);
      if (batch) this.reportSent(batch, driver.types, outcome === 'sent');
    } catch (err) {
      if (this.closed) return;
      this.failed(err, batch);
    } finally {
      this.inFlight = false;
      if (this.pending) this.schedule();
    }
  }

  /**
   * The committed texts the first send carries. The lane is already listening while it reads, so
   * no change can fall between the read and the lane: a change pushed meanwhile carries every
   * type's newer text and wins over the read. A failed read is a failed send (status, backoff).
   */
  private async readSnapshot(): Promise<void> {
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    this.inFlight = true;
    try {
      const read = await this.o.snapshot();
      this.snapshot ??= { ...read, ...this.heardEarly };
      this.heardEarly = {};
    } catch (err) {
      if (!this.closed && !this.snapshot) this.failed(err, null);
    } finally {
      this.inFlight = false;
      if (this.snapshot) this.schedule();
    }
  }

  private failed(err: unknown, batch: Batch | null): void {
    this.driver?.close();
    this.driver = null;
    this.full = true;
    this.failures += 1;
    const message = messageOf(err);
    const timedOut = err instanceof TimeoutFault;
    const refused = err instanceof OutputFault && err.kind === 'refused';
    this.setStatus(refused || this.failingTooLong() ? 'error' : 'retrying', message, false);
    if (this.status.state === 'retrying') this.startErrorTimer();
    for (const change of batch?.changes ?? []) this.o.report(change, timedOut ? 'timeout' : 'error', message);
    // Retried with the whole current state (this.full), on a new connection; a change that
    // arrives before the timer goes out at once the same way.
    const delay = Math.min(this.o.retryMaxMs, this.o.retryBaseMs * 2 ** (this.failures - 1));
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      this.schedule();
    }, delay);
    this.retryTimer.unref();
  }

  /**
   * Each folded change gets the send's result, unless none of its texts went out: the output
   * shows none of its types, or a newer change in the batch replaced all of them.
   */
  private reportSent(batch: Batch, shown: readonly string[], sent: boolean): void {
    const shownSet = new Set(shown);
    batch.changes.forEach((change, i) => {
      const mine = Object.keys(change.changed).filter((t) => shownSet.has(t));
      if (!sent || !mine.length) return this.o.report(change, 'skipped', 'This output shows none of the changed types');
      const later = batch.changes.slice(i + 1);
      const replaced = mine.every((t) => later.some((c) => t in c.changed));
      if (replaced)
        return this.o.report(change, 'skipped', 'Replaced by a newer change before it was sent (the output was busy)');
      this.o.report(change, 'ok');
    });
  }

  /** The device shows what this send carried, over what it confirmed before (or everything, on a full send). */
  private confirm(update: OutputUpdate, types: readonly string[]): void {
    const sent = Object.fromEntries(textsToSet(update, types));
    const shows = Object.fromEntries(types.map((t) => [t, update.snapshot[t] ?? '']));
    this.confirmed = { at: this.o.now().toISOString(), shows, sent };
  }

  /**
   * Issue 38: a device that keeps refusing or never answers is not "retrying" for 25 minutes. After
   * errorAfterFailures sends in a row, or errorAfterMs since the first failure, it is Error.
   */
  private failingTooLong(): boolean {
    if (this.failures >= this.o.errorAfterFailures) return true;
    const since = this.status.failingSince;
    return since !== null && this.o.now().getTime() - Date.parse(since) >= this.o.errorAfterMs;
  }

  /** Backoff may leave no send until after errorAfterMs: the timer makes the failure Error on time. */
  private startErrorTimer(): void {
    if (this.errorTimer) return;
    this.errorTimer = setTimeout(() => {
      this.errorTimer = null;
      if (!this.closed && this.status.state === 'retrying') this.setStatus('error', this.status.message, false);
    }, this.o.errorAfterMs);
    this.errorTimer.unref();
  }

  private stopErrorTimer(): void {
    if (this.errorTimer) clearTimeout(this.errorTimer);
    this.errorTimer = null;
  }

  private setStatus(state: OutputStatus['state'], message: string | null, ok: boolean): void {
    const at = this.o.now().toISOString();
    const changed = state !== this.status.state || message !== this.status.message;
    // Failing since the first failure after a confirmed send; a confirmed send ends it.
    const failingSince = ok ? null : (this.status.failingSince ?? at);
    this.status = {
      state,
      message,
      lastOkAt: ok ? at : this.status.lastOkAt,
      at: changed ? at : this.status.at,
      failingSince,
    };
    if (changed) this.o.onStatus(this.status);
  }
}

class TimeoutFault extends OutputFault {}

/** The send or a timeout fault, whichever comes first; the loser is left to settle unobserved. */
async function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  const outcome = await orLate(work, ms);
  if (outcome === LATE) throw new TimeoutFault(`No answer within ${ms / 1000} s`, 'unreachable');
  return outcome;
}

export { withTimeout };
