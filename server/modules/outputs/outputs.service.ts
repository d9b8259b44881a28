import {
  OUTPUT_KIND_LABELS,
  OUTPUTS,
  type Output,
  type OutputInputParsed,
  type OutputStatusEntry,
  type OutputTestResult,
  type StoredOutput,
} from '../../../shared/contracts/outputs';
import type { AppContext } from '../../context';
import { createDriver } from '../../integrations/outputs/create-driver';
import { messageOf, type OutputDriver } from '../../integrations/outputs/output-driver';
import { conflict, notFound } from '../../lib/errors';
import { isStale, versionConflict } from '../../lib/version-conflict';
import type { ActivityLogsService } from '../activity-logs/activity-logs.service';
import type { CgFilesService } from '../cg-files/cg-files.service';
import type { AirTally } from '../../../shared/contracts/air';
import type { CgFile } from '../../../shared/contracts/cg-files';
import { AirTallyBook } from './air-tally';
import { OutputDispatcher } from './output-dispatcher';
import { OutputsDuty } from './outputs-duty';
import { withTimeout } from './output-lane';
import { OutputsRepo } from './outputs.repo';
import { configToStore, presentOutput, storedOutput } from './outputs.presenter';

type Caller = { userId: number; companyId: number };

/**
 * A company's direct outputs (issue 25): CasparCG, OBS, vMix — owner/admin add, edit, test,
 * enable, disable and delete them; everyone signed in reads their status (the header). Each
 * change restarts that output's lane in the dispatcher.
 */
export class OutputsService {
  readonly dispatcher: OutputDispatcher;
  /** What each output last confirmed on program (issue 38); the server sets its overlay count. */
  readonly tallyBook: AirTallyBook;
  /** Several servers on one PostgreSQL store: which stations' outputs this one drives (null: all). */
  duty: OutputsDuty | null = null;
  /** Program: the station's committed CG texts. */
  private readonly filesOf: (companyId: number) => Promise<CgFile[]>;

  constructor(
    private readonly ctx: AppContext,
    cg: CgFilesService,
    private readonly activity: ActivityLogsService,
    /** A driver for an output of `companyId` (the outputs thread counts each station's tasks apart). */
    private readonly makeDriver: (output: StoredOutput, companyId: number) => OutputDriver = createDriver,
    /**
     * Readies where drivers run (the outputs thread) once a station has an output, so the first
     * send after start or after adding one does not wait for — or compete with air while — it loads.
     */
    private readonly warmDrivers: () => void = () => undefined,
  ) {
    this.filesOf = (companyId) => cg.list({ companyId, userId: 0 });
    const snapshotOf = async (companyId: number) =>
      Object.fromEntries((await this.filesOf(companyId)).map((f) => [f.type, f.content]));
    // With several servers on one store, only the one holding a station's duty drives its outputs.
    const drives = (companyId: number) => this.duty?.holds(companyId) ?? true;
    this.dispatcher = new OutputDispatcher(ctx, cg.changes, { snapshotOf, makeDriver, drives });
    this.tallyBook = new AirTallyBook(cg.changes, this.dispatcher);
  }

  /** Every company's enabled outputs get their current state; changes flow from here on. */
  async start(): Promise<void> {
    const all = () => this.ctx.store.read((q) => new OutputsRepo(q).all());
    const rows = await all();
    if (rows.length) this.warmDrivers();
    const url = this.ctx.config.databaseUrl;
    if (url) this.duty = new OutputsDuty(this.ctx, this.dispatcher, all, url);
    this.dispatcher.start(rows);
    await this.duty?.start();
  }

  async close(): Promise<void> {
    this.dispatcher.close();
    this.tallyBook.close();
    await this.duty?.close();
  }

  /** GET /api/outputs/tally: every operator reads what each output confirmed on program. */
  async tally(actor: Caller): Promise<AirTally> {
    const rows = await this.ctx.store.read((q) => new OutputsRepo(q).list(actor.companyId));
    // Program read last: the lanes' confirmed sends are compared with it on the same turn.
    const files = await this.filesOf(actor.companyId);
    return this.tallyBook.view(actor.companyId, files, rows);
  }

  async list(actor: Caller): Promise<Output[]> {
    const rows = await this.ctx.store.read((q) => new OutputsRepo(q).list(actor.companyId));
    return rows.map((row) => presentOutput(row, this.dispatcher.status(row.id)));
  }

  async statuses(actor: Caller): Promise<OutputStatusEntry[]> {
    const rows = await this.ctx.store.read((q) => new OutputsRepo(q).list(actor.companyId));
    return rows.map((row) => ({ id: row.id, name: row.name, kind: row.kind, status: this.dispatcher.status(row.id) }));
  }

  async create(actor: Caller, input: OutputInputParsed): Promise<Output> {
    const now = this.now();
    const row = await this.ctx.store.write(actor.companyId, async (tx) => {
      const repo = new OutputsRepo(tx);
      if (await repo.findByName(actor.companyId, input.name)) throw conflict('An output with this name already exists');
      const made = await repo.insert({
        companyId: actor.companyId,
        kind: input.kind,
        name: input.name,
        enabled: input.enabled,
        config: configToStore(input, null),
        createdBy: actor.userId,
        createdAt: now,
        updatedBy: actor.userId,
        updatedAt: now,
      });
      await this.activity.record(
        actor,
        'output_created',
        `Added ${OUTPUT_KIND_LABELS[made.kind]} output "${made.name}"`,
        tx,
      );
      return made;
    });
    this.warmDrivers();
    return this.changed(row.id, row);
  }

  /** The whole output is replaced; the kind may change (its config comes with it). A stale version → 409. */
  async update(actor: Caller, id: number, input: OutputInputParsed): Promise<Output> {
    const row = await this.ctx.store.write(actor.companyId, async (tx) => {
      const repo = new OutputsRepo(tx);
      const current = await repo.find(actor.companyId, id);
      if (!current) throw notFound('Output');
      const other = await repo.findByName(actor.companyId, input.name);
      if (other && other.id !== id) throw conflict('An output with this name already exists');
      const previous = storedOutput(current);
      const patch = {
        kind: input.kind,
        name: input.name,
        enabled: input.enabled,
        config: configToStore(input, previous),
        updatedAt: this.now(),
        updatedBy: actor.userId,
      };
      const saved = await repo.update(
        actor.companyId,
        id,
        patch,
        input.version === undefined ? undefined : repo.versionIs(input.version),
      );
      if (!saved) {
        const now = await repo.find(actor.companyId, id);
        if (now && isStale(input.version, now))
          throw await versionConflict(
            tx,
            'output',
            presentOutput(now, this.dispatcher.status(id)),
            now,
            this.ctx.clock.now(),
          );
        throw notFound('Output');
      }
      await this.activity.record(
        actor,
        'output_updated',
        `Updated ${OUTPUT_KIND_LABELS[saved.kind]} output "${saved.name}"${saved.enabled ? '' : ' (disabled)'}`,
        tx,
      );
      return saved;
    });
    return this.changed(id, row);
  }

  async remove(actor: Caller, id: number): Promise<void> {
    const removed = await this.ctx.store.write(actor.companyId, async (tx) => {
      const row = await new OutputsRepo(tx).delete(actor.companyId, id);
      if (row)
        await this.activity.record(
          actor,
          'output_deleted',
          `Deleted ${OUTPUT_KIND_LABELS[row.kind]} output "${row.name}"`,
          tx,
        );
      return row;
    });
    if (!removed) throw notFound('Output');
    this.dispatcher.reload(id, undefined);
    this.ctx.bus.publish(actor.companyId, 'outputs_changed', { id });
  }

  /** Connects on a connection of its own and asks the device who it is; never touches the lane. */
  async test(actor: Caller, id: number): Promise<OutputTestResult> {
    const row = await this.ctx.store.read((q) => new OutputsRepo(q).find(actor.companyId, id));
    if (!row) throw notFound('Output');
    const driver = this.makeDriver(storedOutput(row), actor.companyId);
    try {
      return { ok: true, message: await withTimeout(driver.probe(), OUTPUTS.testTimeoutMs) };
    } catch (err) {
      return { ok: false, message: messageOf(err) };
    } finally {
      driver.close();
    }
  }

  /** Runs as soon as the write resolves: lanes reload in the order their changes committed. */
  private async changed(id: number, row: Parameters<OutputDispatcher['reload']>[1] & object): Promise<Output> {
    // Taken up whole (this output included) when no server drove the station yet; else reloaded alone.
    if (!(row.enabled && (await this.duty?.claim(row.companyId)))) this.dispatcher.reload(id, row);
    this.ctx.bus.publish(row.companyId, 'outputs_changed', { id });
    const stored = await this.ctx.store.read((q) => new OutputsRepo(q).find(row.companyId, id));
    if (!stored) throw notFound('Output');
    return presentOutput(stored, this.dispatcher.status(id));
  }

  private now(): string {
    return this.ctx.clock.now().toISOString();
  }
}
