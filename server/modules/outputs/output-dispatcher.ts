import { OUTPUTS, type OutputStatus, type StoredOutput } from '../../../shared/contracts/outputs';
import type { OutputRow } from '../../db/schema';
import { createDriver } from '../../integrations/outputs/create-driver';
import type { OutputDriver } from '../../integrations/outputs/output-driver';
import type { AppContext } from '../../context';
import type { OnAirChanges } from './on-air-changes';
import { OutputLane, type LaneConfirmed } from './output-lane';
import { storedOutput } from './outputs.presenter';

export interface DispatcherOptions {
  /** Every type's committed text of a company (the lane's first full send; read by the lane, see OutputLane). */
  snapshotOf: (companyId: number) => Promise<Record<string, string>>;
  /** A driver for an output of `companyId` (the outputs thread counts each station's tasks apart). */
  makeDriver?: (output: StoredOutput, companyId: number) => OutputDriver;
  timeoutMs?: number;
  retryBaseMs?: number;
  retryMaxMs?: number;
  errorAfterMs?: number;
  errorAfterFailures?: number;
  /**
   * With several servers on one store (issue 43): whether this server drives a station's outputs
   * now (server/modules/outputs/outputs-duty.ts). Unset: it drives every station's (one server).
   */
  drives?: (companyId: number) => boolean;
}

type LaneRow = Pick<OutputRow, 'id' | 'companyId' | 'kind' | 'name' | 'enabled' | 'config'>;

/**
 * The output layer (issue 25): listens on the CG engine's committed changes (after the files are
 * replaced) and hands each to every enabled output of that company, each in its own lane. The
 * listener only folds the change into the lanes' pending batches; sends run on later turns, so an
 * output that hangs or is down never delays the file output, the overlay, or another output.
 */
export class OutputDispatcher {
  private readonly lanes = new Map<number, { row: LaneRow; lane: OutputLane }>();
  private readonly byCompany = new Map<number, Set<OutputLane>>();
  private stopListening: (() => void) | null = null;
  /** Statuses heard from the server that drives an output (issue 43): what this server shows for it. */
  private readonly heard = new Map<number, OutputStatus>();

  constructor(
    private readonly ctx: AppContext,
    private readonly changes: OnAirChanges,
    private readonly options: DispatcherOptions,
  ) {}

  /** Starts a lane per enabled output and listens for changes. */
  start(rows: readonly LaneRow[]): void {
    for (const row of rows) this.load(row);
    this.stopListening = this.changes.onChange((change) => {
      const lanes = this.byCompany.get(change.companyId);
      if (lanes) for (const lane of lanes) lane.push(change);
    });
    // A write's air answer waits for exactly the lanes its change is pushed to (issue 38).
    this.changes.expectResultsFrom((companyId) => this.outputsOf(companyId));
  }

  /** The as-run names of a company's enabled outputs, in the order they were loaded. */
  outputsOf(companyId: number): string[] {
    return [...this.lanes.values()].filter((e) => e.row.companyId === companyId).map((e) => e.row.name);
  }

  /** What an output last confirmed (null: disabled, or nothing confirmed since it started). */
  confirmedOf(id: number): LaneConfirmed | null {
    return this.lanes.get(id)?.lane.confirmed ?? null;
  }

  /** An output was created, edited, enabled, disabled (row) or deleted (undefined): its lane starts over. */
  reload(id: number, row: LaneRow | undefined): void {
    this.drop(id);
    if (row) this.load(row);
    if (row && !row.enabled) this.publish(row, this.status(id));
  }

  status(id: number): OutputStatus {
    return (
      this.lanes.get(id)?.lane.status ??
      this.heard.get(id) ?? {
        state: 'disabled',
        message: null,
        lastOkAt: null,
        at: this.ctx.clock.now().toISOString(),
        failingSince: null,
      }
    );
  }

  /** This server now drives the station's outputs: each enabled one starts and gets the current state once. */
  takeUp(rows: readonly LaneRow[]): void {
    for (const row of rows) {
      this.drop(row.id);
      this.load(row);
    }
  }

  /** Another server drives the station's outputs from now on. */
  giveUp(companyId: number): void {
    for (const [id, entry] of [...this.lanes]) if (entry.row.companyId === companyId) this.drop(id);
  }

  /** Texts another server put on air, for the outputs this server drives. */
  pushTexts(companyId: number, changed: Record<string, string>): void {
    for (const lane of this.byCompany.get(companyId) ?? []) lane.pushTexts(changed);
  }

  /** An output's status as the server driving it announced it. */
  hear(id: number, status: OutputStatus): void {
    this.heard.set(id, status);
  }

  /** The statuses of the outputs this server drives, announced again (a server started since hears them). */
  announceAll(): void {
    for (const { row, lane } of this.lanes.values()) this.publish(row, lane.status);
  }

  close(): void {
    this.stopListening?.();
    this.changes.expectResultsFrom(() => []);
    for (const id of [...this.lanes.keys()]) this.drop(id);
  }

  private load(row: LaneRow): void {
    if (!row.enabled || this.options.drives?.(row.companyId) === false) return;
    const stored = storedOutput(row);
    const makeDriver = this.options.makeDriver ?? createDriver;
    // The as-run log's "output": the name it had when the change went out (unique in the station, readable in a spreadsheet).
    const output = row.name;
    const lane = new OutputLane({
      makeDriver: () => makeDriver(stored, row.companyId),
      snapshot: () => this.options.snapshotOf(row.companyId),
      report: (change, result, message) =>
        this.changes.reportResult({ change, output, result, message, at: this.ctx.clock.now().toISOString() }),
      onStatus: (status) => this.publish(row, status),
      now: () => this.ctx.clock.now(),
      timeoutMs: this.options.timeoutMs ?? OUTPUTS.sendTimeoutMs,
      retryBaseMs: this.options.retryBaseMs ?? OUTPUTS.retryBaseMs,
      retryMaxMs: this.options.retryMaxMs ?? OUTPUTS.retryMaxMs,
      errorAfterMs: this.options.errorAfterMs ?? OUTPUTS.errorAfterMs,
      errorAfterFailures: this.options.errorAfterFailures ?? OUTPUTS.errorAfterFailures,
    });
    this.lanes.set(row.id, { row, lane });
    let set = this.byCompany.get(row.companyId);
    if (!set) this.byCompany.set(row.companyId, (set = new Set()));
    set.add(lane);
    lane.start();
  }

  private drop(id: number): void {
    const entry = this.lanes.get(id);
    if (!entry) return;
    entry.lane.close();
    this.lanes.delete(id);
    this.byCompany.get(entry.row.companyId)?.delete(entry.lane);
  }

  private publish(row: LaneRow, status: OutputStatus): void {
    this.ctx.bus.publish(row.companyId, 'output_status', { id: row.id, name: row.name, kind: row.kind, status });
  }
}
