import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type pg from 'pg';
import { JOBS_LOCK_SPACE } from '../server/jobs/server-duty';
import { OUTPUTS_LOCK_SPACE } from '../server/modules/outputs/outputs-duty';
import { ApiClient, type ApiResponse } from '../server/test/api-client';
import { type FakeVmix } from '../server/test/fake-vmix';
import { type PgCluster } from '../server/test/pg-cluster';
import { spawnServer, type SpawnedServer } from '../server/test/spawn-server';
import { nowMs } from './stats';

/** The two-server soak's parts around the run (bench/soak-two.ts): its constants, waits, the set-up and the clean-up. */

export const CLIENTS = 300;
/** The fake vMix's title field the headline goes to. */
export const FIELD = 'Lower Third/Headline.Text';
/** A delivery counts when the client was connected from the send until this long after the answer (lostPerClient's grace). */
export const GRACE_MS = 1000;
/** The other server drives the outputs within this of the kill (server/live/two-servers-outputs.test.ts). */
export const TAKEOVER_LIMIT_MS = 5_000;
/** A's death is timed this long after a CG update was sent to it, so that one is usually in flight. */
export const KILL_OFFSET_MS = 3;
/** What a request to A that the kill left without an answer returns (status 0): reported, not a failure. */
export const CUT = 'cut by the kill of A';

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, Math.max(0, ms)));
export const fmt = (n: number) => (Math.round(n * 10) / 10).toString();
export const ms = (n: number | null) => (n === null ? 'never' : `${Math.round(n)} ms`);

export function log(line: string): void {
  process.stdout.write(`[soak-two] ${line}\n`);
}

/** `p` or an error naming `what` after `limitMs`. */
export async function within<T>(what: string, limitMs: number, p: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: not within ${limitMs} ms`)), limitMs);
  });
  try {
    return await Promise.race([p, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** Polls `check` until true; the time it became true. */
export async function waitFor(what: string, limitMs: number, check: () => boolean, everyMs = 20): Promise<number> {
  const started = nowMs();
  while (!check()) {
    if (nowMs() - started > limitMs) throw new Error(`${what}: not within ${limitMs} ms`);
    await sleep(everyMs);
  }
  return nowMs();
}

/**
 * The operator's and the cameraman's browser: requests go to the server it follows now (`to`).
 * A request left without an answer returns status 0 (the load loops record it) instead of throwing:
 * one made to A before its kill says so, and is reported apart from the failures.
 */
export class FollowingApi extends ApiClient {
  to: string;
  killed: { at: number; url: string } | null = null;

  constructor(url: string, token: string) {
    super(url, token);
    this.to = url;
  }

  override async request<T = unknown>(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<ApiResponse<T>> {
    const to = this.to;
    const started = nowMs();
    try {
      return await new ApiClient(to, this.token).request<T>(method, path, body, headers);
    } catch (err) {
      const cut = this.killed !== null && this.killed.url === to && started <= this.killed.at;
      const cause = err instanceof Error && err.cause instanceof Error ? `: ${err.cause.message}` : '';
      const error = cut ? CUT : `no answer from ${to}: ${err instanceof Error ? err.message : String(err)}${cause}`;
      return { status: 0, body: { error } as unknown as T, headers: new Headers() };
    }
  }
}

export async function signIn(url: string, username: string, password: string): Promise<string> {
  const api = new ApiClient(url);
  const res = await api.post<{ token: string }>('/api/auth/login', { username, password });
  if (res.status !== 200) throw new Error(`login ${username}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.token;
}

/** On A alone: the owner, a cameraman, three items to lend, a headline and the station's fake vMix output. */
export async function setUp(a: SpawnedServer, vmix: FakeVmix) {
  const ownerToken = await signIn(a.url, 'owner', 'owner-password');
  const owner = new ApiClient(a.url, ownerToken);
  const must = async <T>(what: string, call: Promise<ApiResponse<T>>, status = 201): Promise<T> => {
    const res = await call;
    if (res.status !== status) throw new Error(`${what}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body;
  };
  await must(
    'create cameraman',
    owner.post('/api/users', {
      username: 'soak_cameraman',
      password: 'soak-password-1',
      fullName: 'Soak Cameraman',
      role: 'cameraman',
    }),
  );
  const cameramanToken = await signIn(a.url, 'soak_cameraman', 'soak-password-1');
  const equipmentIds: number[] = [];
  for (const code of ['SOAK-CAM-1', 'SOAK-CAM-2', 'SOAK-CAM-3']) {
    const made = await must(
      'create equipment',
      owner.post<{ id: number }>('/api/equipment', {
        name: `Soak camera ${code}`,
        code,
        location: 'Store',
        quantity: 5,
      }),
    );
    equipmentIds.push(made.id);
  }
  await must(
    'first headline',
    owner.post('/api/cg-files/update-direct', { type: 'headline', content: 'Soak start' }),
    200,
  );
  await must(
    'add the vMix output',
    owner.post('/api/outputs', {
      kind: 'vmix',
      name: 'Soak vMix',
      config: { url: vmix.url, input: 'Lower Third', mapping: [{ type: 'headline', field: 'Headline.Text' }] },
    }),
  );
  return { ownerToken, cameramanToken, equipmentIds };
}

/** Backend pids holding the outputs and the jobs duty's advisory locks now. */
export async function dutyHolders(monitor: pg.Client): Promise<{ outputs: number[]; jobs: number[] }> {
  const { rows } = await monitor.query<{ pid: number; outputs: boolean }>(
    `select pid, classid = $1 as outputs from pg_locks
     where locktype = 'advisory' and granted and classid in ($1, $2)`,
    [OUTPUTS_LOCK_SPACE, JOBS_LOCK_SPACE],
  );
  return {
    outputs: rows.filter((r) => r.outputs).map((r) => r.pid),
    jobs: rows.filter((r) => !r.outputs).map((r) => r.pid),
  };
}

/** Everything this run starts, stopped once whatever happens (also on Ctrl-C). */
export class Started {
  readonly servers = new Set<SpawnedServer>();
  readonly dirs: string[] = [];
  cluster: PgCluster | null = null;
  vmix: FakeVmix | null = null;
  monitor: pg.Client | null = null;

  async spawn(databaseUrl: string): Promise<SpawnedServer> {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cgb-soak-two-'));
    this.dirs.push(dir);
    const server = await spawnServer(dir, { DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn' });
    this.servers.add(server);
    return server;
  }

  async stop(): Promise<void> {
    for (const server of [...this.servers]) {
      // SIGTERM as the one-server soak; SIGKILL when it has not gone within 15 s.
      const term = server.kill('SIGTERM').then(
        () => true,
        () => false,
      );
      if (!(await Promise.race([term, sleep(15_000).then(() => false)])))
        await server.kill('SIGKILL').catch((err: unknown) => log(`server ${server.pid} not stopped: ${String(err)}`));
      this.servers.delete(server);
    }
    await this.monitor?.end().catch(() => undefined);
    this.monitor = null;
    await this.vmix?.close().catch(() => undefined);
    this.vmix = null;
    await this.cluster?.stop().catch((err: unknown) => log(`PostgreSQL not stopped: ${String(err)}`));
    this.cluster = null;
    for (const dir of this.dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  }
}
