import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { expect } from 'vitest';
import type { LoginResponse } from '../shared/contracts/auth';
import type { CgFile } from '../shared/contracts/cg-files';
import type { Settings } from '../shared/contracts/settings';
import { DB_FILE } from './db/client';
import { ApiClient, type ApiResponse } from './test/api-client';
import { spawnServer, type SpawnedServer } from './test/spawn-server';

/**
 * The crash-burst tests' rig (issue 24): the real server as one child process on a data folder
 * that outlives it, writes sent one after another until a SIGKILL cuts them, and the checks every
 * restart must pass. Each kind of write registers a check of its own; every restart runs all of
 * them, so a later crash that loses an earlier acknowledged write fails too.
 */
export class CrashRig {
  proc!: SpawnedServer;
  api!: ApiClient;
  private token: string | null = null;
  private readonly checks: Array<(rig: CrashRig) => Promise<void>> = [];
  readonly baseDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cgb-crash-bursts-'));

  constructor(private readonly env: NodeJS.ProcessEnv = {}) {}

  async start(): Promise<this> {
    this.proc = await spawnServer(this.baseDir, this.env);
    // The session is itself an acknowledged write: the same token must work after every crash.
    this.api = new ApiClient(this.proc.url, this.token);
    if (!this.token) {
      const res = await this.api.post<LoginResponse>('/api/auth/login', {
        username: 'owner',
        password: 'owner-password',
      });
      expect(res.status).toBe(200);
      this.token = this.api.token = res.body.token;
    }
    return this;
  }

  /** A check every restart runs (after the generic ones). */
  check(run: (rig: CrashRig) => Promise<void>): void {
    this.checks.push(run);
  }

  /**
   * Runs the bursts, SIGKILLs the server `afterMs` after `ready()` holds (e.g. "one move was
   * acknowledged": on a loaded machine a fixed delay alone may never reach the write under test),
   * waits until every burst has seen the connection die, restarts on the same folder and runs
   * every check.
   */
  async crashDuring(afterMs: number, bursts: Burst[], ready: () => boolean = () => true): Promise<void> {
    while (!ready() && bursts.every((b) => !b.ended)) await new Promise((r) => setTimeout(r, 2));
    await new Promise((r) => setTimeout(r, afterMs));
    await this.proc.kill('SIGKILL');
    await Promise.all(bursts.map((b) => b.done));
    for (const b of bursts) expect(b.failure, b.label).toBeNull();
    await this.start();
    this.integrityOk();
    await this.cgFilesEqualDb();
    for (const run of this.checks) await run(this);
  }

  /**
   * PRAGMA integrity_check and foreign_key_check, through a second connection while the server
   * runs. A PostgreSQL store (DATABASE_URL) recovers from its own WAL: nothing to check from here.
   */
  integrityOk(): void {
    if (this.env.DATABASE_URL) return;
    const db = new Database(path.join(this.baseDir, 'data', DB_FILE), { readonly: true });
    try {
      expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
      expect(db.pragma('foreign_key_check')).toEqual([]);
    } finally {
      db.close();
    }
  }

  async folder(): Promise<string> {
    return (await this.api.get<Settings>('/api/settings')).body.cgOutputFolder;
  }

  /** Every <type>.txt and cg.json in the current folder say what the database says. */
  async cgFilesEqualDb(): Promise<CgFile[]> {
    const folder = await this.folder();
    const files = (await this.api.get<CgFile[]>('/api/cg-files')).body;
    for (const file of files)
      expect(fs.readFileSync(path.join(folder, `${file.type}.txt`), 'utf8'), `${file.type}.txt`).toBe(file.content);
    if (files.length) {
      const snapshot = JSON.parse(fs.readFileSync(path.join(folder, 'cg.json'), 'utf8')) as Record<string, string>;
      expect(snapshot).toEqual(Object.fromEntries(files.map((f) => [f.type, f.content])));
    }
    return files;
  }

  async stop(): Promise<void> {
    await this.proc.kill();
    fs.rmSync(this.baseDir, { recursive: true, force: true });
  }
}

/**
 * One stream of writes, sent one after another (as one operator clicks) until the server dies.
 * `acked` holds what a 2xx answered; `inFlight` the one write whose answer never came (it may or
 * may not have landed). Any other answer is a failure: a crash test must not pass on a 4xx.
 */
export class Burst<T = unknown> {
  readonly acked: T[] = [];
  inFlight: T | null = null;
  failure: string | null = null;
  /** True once the stream stopped (the server died, or a failure). */
  ended = false;
  readonly done: Promise<void>;

  constructor(
    readonly label: string,
    next: (i: number) => T,
    send: (value: T) => Promise<ApiResponse>,
  ) {
    this.done = this.run(next, send).finally(() => (this.ended = true));
  }

  get last(): T | undefined {
    return this.acked[this.acked.length - 1];
  }

  private async run(next: (i: number) => T, send: (value: T) => Promise<ApiResponse>): Promise<void> {
    for (let i = 0; ; i += 1) {
      const value = next(i);
      this.inFlight = value;
      let res: ApiResponse;
      try {
        res = await send(value);
      } catch {
        return; // the server died: this write stays "in flight"
      }
      if (res.status < 200 || res.status > 299) {
        this.failure = `${this.label}: ${res.status} ${JSON.stringify(res.body).slice(0, 300)}`;
        return;
      }
      this.acked.push(value);
      this.inFlight = null;
    }
  }
}

/** What a value may be after a crash: the last acknowledged one, or the one in flight. */
export function allowed<T>(burst: Burst<T>, before: T | undefined): T[] {
  const last = burst.last ?? before;
  return [...(last === undefined ? [] : [last]), ...(burst.inFlight === null ? [] : [burst.inFlight])];
}

/** Kill delays spread over a burst, different per round (some early, some deep into it). */
export const killDelay = (round: number, spread = 240) => 40 + ((round * 97) % spread);

/**
 * CG writes (update-direct) on four types at once, SIGKILLed `rounds` times: after each restart
 * every file equals the store, each type at its last acknowledged or its in-flight text.
 */
export async function cgBurstRounds(rig: CrashRig, rounds: number): Promise<void> {
  const types = ['headline', 'subheadline', 'breakingnews', 'infoline'] as const;
  const texts = new Map<string, string>(types.map((t) => [t, '']));
  let bursts: Map<string, Burst<string>> | null = null;
  rig.check(async ({ api }) => {
    const files = (await api.get<CgFile[]>('/api/cg-files')).body;
    for (const type of types) {
      const actual = files.find((f) => f.type === type)?.content ?? '';
      const burst = bursts?.get(type);
      expect(burst ? allowed(burst, texts.get(type)) : [texts.get(type)], type).toContain(actual);
      texts.set(type, actual);
    }
    bursts = null;
  });
  let acked = 0;
  for (let round = 0; round < rounds; round += 1) {
    const b = new Map(
      types.map((type) => [
        type,
        new Burst(
          `cg ${type} r${round}`,
          (i) => `${type} r${round} w${i}`,
          (content) => rig.api.post('/api/cg-files/update-direct', { type, content }),
        ),
      ]),
    );
    bursts = b;
    await rig.crashDuring(killDelay(round + 1), [...b.values()], () =>
      [...b.values()].some((x) => x.acked.length >= round),
    );
    acked += [...b.values()].reduce((n, x) => n + x.acked.length, 0);
  }
  expect(acked, 'no CG write was acknowledged before the kills: the test tested nothing').toBeGreaterThan(0);
}
