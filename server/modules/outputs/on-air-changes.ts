/**
 * The one seam between the CG engine and everything that follows a change on air (issue 25): the
 * output layer (CasparCG, OBS, vMix drivers), the as-run log. The CG service emits a change after
 * its files are replaced and its rows committed — the file output stays first and unchanged — and
 * each output reports what happened to it. Listeners run synchronously on the air thread, so they
 * must only enqueue (never write to disk or the network inline); a listener that throws is logged
 * and never reaches the on-air write.
 */

/** Where an on-air change came from (the as-run log's "source"). */
export type AirSource = 'web' | 'phone' | 'telegram' | 'prompter' | 'api_key' | 'system';

export interface OnAirChange {
  companyId: number;
  /** Increases by one per change in this process: the order changes reached air. */
  seq: number;
  /** ISO time with milliseconds, the commit's time. */
  at: string;
  /** Who made it (null: the system, e.g. a resync). */
  userId: number | null;
  /** The API key that made it, by name and prefix at the time (null: a user or the system). */
  apiKey: string | null;
  source: AirSource;
  /** The activity-log action of the write (cg_file_updated, emergency_override, …). */
  action: string;
  /** The types this change wrote and their new texts ('' clears a type). */
  changed: Record<string, string>;
  /** Every type's text after the change (what cg.json holds). */
  snapshot: Record<string, string>;
}

/** What one output did with one change. `output` names it: 'files', 'overlay', or a direct output's name (unique in its station). */
export interface OutputResult {
  change: OnAirChange;
  output: string;
  result: 'ok' | 'error' | 'timeout' | 'skipped';
  message?: string;
  /** ISO time with milliseconds when the output answered (or gave up). */
  at: string;
}

type Listener<T> = (value: T) => void;

export class OnAirChanges {
  private seq = 0;
  private readonly changeListeners = new Set<Listener<OnAirChange>>();
  private readonly resultListeners = new Set<Listener<OutputResult>>();
  /** The direct outputs that will report on a company's change (the dispatcher's lanes). */
  private lanesOf: (companyId: number) => readonly string[] = () => [];

  constructor(private readonly onListenerError: (err: unknown) => void = () => undefined) {}

  /** The dispatcher says which outputs answer for a company's changes (a write's air answer waits for them). */
  expectResultsFrom(lanesOf: (companyId: number) => readonly string[]): void {
    this.lanesOf = lanesOf;
  }

  /** Every output that will report on a change of `companyId` now: the files, then each enabled direct output. */
  expectedOutputs(companyId: number): string[] {
    return ['files', ...this.lanesOf(companyId)];
  }

  /** The next change's sequence number (the CG service takes one per committed change). */
  nextSeq(): number {
    return ++this.seq;
  }

  onChange(fn: Listener<OnAirChange>): () => void {
    this.changeListeners.add(fn);
    return () => this.changeListeners.delete(fn);
  }

  onResult(fn: Listener<OutputResult>): () => void {
    this.resultListeners.add(fn);
    return () => this.resultListeners.delete(fn);
  }

  emitChange(change: OnAirChange): void {
    this.fire(this.changeListeners, change);
  }

  reportResult(result: OutputResult): void {
    this.fire(this.resultListeners, result);
  }

  private fire<T>(listeners: Set<Listener<T>>, value: T): void {
    for (const fn of listeners) {
      try {
        fn(value);
      } catch (err) {
        this.onListenerError(err);
      }
    }
  }
}
