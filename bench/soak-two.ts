import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { JOBS_LOCK_SPACE } from '../server/jobs/server-duty';
import { OUTPUTS_LOCK_SPACE } from '../server/modules/outputs/outputs-duty';
import { ApiClient, type ApiResponse } from '../server/test/api-client';
import { startFakeVmix, type FakeVmix } from '../server/test/fake-vmix';
import { startPgCluster, type PgCluster } from '../server/test/pg-cluster';
import { pidAlive, spawnServer, type SpawnedServer } from '../server/test/spawn-server';
import { openClients, type CgUpdate, type SoakClient } from './soak-clients';
import { cgLoop, loansLoop, newsLoop, type LoadRecord } from './soak-load';
import { rssMb } from './soak-probe';
import { P99_GROWTH, P99_NOISE_MS, RSS_GROWTH, TIMING_GATE_MINUTES } from './soak-report';
import { nowMs, summarize } from './stats';

/**
 * `npm run soak -- --two-servers [--minutes N]` (issue 43): two real servers on one throwaway
 * PostgreSQL store under the one-server soak's newsroom load, with a forced takeover at mid-run.
 *
 * Server A starts first, alone: the station's fake vMix output is added on it, so it holds the
 * outputs duty and the jobs duty; then server B joins. 300 live clients of the one station, half on
 * A, half on B; one CG update a second, news churn and loans, all made on A. At mid-run A is
 * SIGKILLed (proved gone: pid and port) 3 ms after a CG update was sent, so one is usually in
 * flight; the load moves to B at once, A's clients follow (their sockets close, they reconnect to
 * B), and B takes the outputs and jobs duties over. A minute later (a quarter of the run when
 * shorter) A is started again on a fresh port and its clients move back to it.
 *
 * Judged as the one-server soak: every acknowledged CG update reaches every client connected to a
 * living server from its send until a second after its answer (the clients on A while it died are
 * counted apart); memory flat within 1.3× on each server while its role stays the same (A from its
 * warm-up to its kill; B from the first window after A is back to the last — B's RSS from its own
 * warm-up to the end is reported, as it steps when B takes on the load); no request failed except
 * those cut by the kill; no socket closed by a living server; B drives the outputs within 5 s of the
 * kill; and (runs ≥ 10 min) the CG write p99 of the last window within 1.2× of the first.
 */
const CLIENTS = 300;
/** The fake vMix's title field the headline goes to. */
const FIELD = 'Lower Third/Headline.Text';
/** A delivery counts when the client was connected from the send until this long after the answer (lostPerClient's grace). */
const GRACE_MS = 1000;
/** The other server drives the outputs within this of the kill (server/live/two-servers-outputs.test.ts). */
const TAKEOVER_LIMIT_MS = 5_000;
/** A's death is timed this long after a CG update was sent to it, so that one is usually in flight. */
const KILL_OFFSET_MS = 3;
/** What a request to A that the kill left without an answer returns (status 0): reported, not a failure. */
const CUT = 'cut by the kill of A';

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, Math.max(0, ms)));
const fmt = (n: number) => (Math.round(n * 10) / 10).toString();
const ms = (n: number | null) => (n === null ? 'never' : `${Math.round(n)} ms`);

function log(line: string): void {
  process.stdout.write(`[soak-two] ${line}\n`);
}

/** `p` or an error naming `what` after `limitMs`. */
async function within<T>(what: string, limitMs: number, p: Promise<T>): Promise<T> {
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
async function waitFor(what: string, limitMs: number, check: () => boolean, everyMs = 20): Promise<number> {
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
class FollowingApi extends ApiClient {
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

async function signIn(url: string, username: string, password: string): Promise<string> {
  const api = new ApiClient(url);
  const res = await api.post<{ token: string }>('/api/auth/login', { username, password });
  if (res.status !== 200) throw new Error(`login ${username}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.token;
}

/** On A alone: the owner, a cameraman, three items to lend, a headline and the station's fake vMix output. */
async function setUp(a: SpawnedServer, vmix: FakeVmix) {
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
async function dutyHolders(monitor: pg.Client): Promise<{ outputs: number[]; jobs: number[] }> {
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
class Started {
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

interface Plan {
  minutes: number;
  durationMs: number;
  windowMs: number;
  warmUpMs: number;
  killAt: number;
  restartAt: number;
}

/** The one-server soak's windows and warm-up; the kill at mid-run, A back a minute later (a quarter of a short run). */
function planOf(minutes: number): Plan {
  const durationMs = minutes * 60_000;
  const killAt = durationMs / 2;
  return {
    minutes,
    durationMs,
    windowMs: minutes >= 3 ? 60_000 : Math.min(20_000, durationMs / 3),
    warmUpMs: Math.min(60_000, durationMs / 6),
    killAt,
    restartAt: killAt + Math.min(60_000, durationMs / 4),
  };
}

interface Takeover {
  /** ms since t0 the kill was sent. */
  at: number;
  pid: number;
  goneMs: number;
  outputsMs: number | null;
  jobsMs: number | null;
  vmixMs: number | null;
  /** Slowest of A's clients to see its socket closed, and how many had to be dropped instead. */
  noticedMs: number;
  notNoticed: number;
  followedMs: number;
  /** Sockets A's death closed (expected: one per client on A). */
  closes: number;
  /** A's RSS just before its kill. */
  rssA: number;
}

interface Restart {
  at: number;
  readyMs: number;
  movedMs: number;
}

interface TwoFigures {
  plan: Plan;
  clients: SoakClient[];
  /** Which server each connection of a client was to, in order (A, B, A2). */
  where: Map<SoakClient, string[]>;
  record: LoadRecord;
  takeover: Takeover;
  restart: Restart | null;
  rss: Array<{ at: number; server: string; mb: number }>;
  rssWarmA: number;
  rssWarmB: number;
  rssEndB: number;
  rssEndA2: number | null;
  load: { before: string; after: string };
}

const loadAvg = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

async function run(plan: Plan, started: Started): Promise<TwoFigures> {
  const loadBefore = loadAvg();
  const cluster = (started.cluster = await startPgCluster({ durable: false }));
  const databaseUrl = await cluster.createDatabase('soak_two');
  const vmix = (started.vmix = await startFakeVmix());
  const monitor = (started.monitor = new pg.Client({
    connectionString: databaseUrl,
    application_name: 'soak monitor',
  }));
  await monitor.connect();

  const a = await started.spawn(databaseUrl);
  const { ownerToken, cameramanToken, equipmentIds } = await setUp(a, vmix);
  await waitFor('A drives the vMix', 10_000, () => vmix.fields.get(FIELD) === 'Soak start');
  // A alone holds both duties before B exists.
  const held = await dutyHolders(monitor);
  if (held.outputs.length !== 1 || held.jobs.length !== 1)
    throw new Error(`A should hold one outputs and one jobs lock: ${JSON.stringify(held)}`);
  const b = await started.spawn(databaseUrl);
  log(`A pid ${a.pid} ${a.url} (ready in ${a.readyMs} ms), B pid ${b.pid} ${b.url} (ready in ${b.readyMs} ms)`);

  const where = new Map<SoakClient, string[]>();
  const onA = await openClients(a.url, ownerToken, CLIENTS / 2);
  const onB = await openClients(b.url, ownerToken, CLIENTS - CLIENTS / 2);
  onA.forEach((c) => where.set(c, ['A']));
  onB.forEach((c) => where.set(c, ['B']));
  const clients = [...onA, ...onB];
  const owner = new FollowingApi(a.url, ownerToken);
  const cameraman = new FollowingApi(a.url, cameramanToken);
  log(`${onA.length} clients on A, ${onB.length} on B; load on A`);

  const record: LoadRecord = { updates: [], cgMs: [], newsCycles: 0, loans: 0, failures: [] };
  const t0 = nowMs();
  const until = () => nowMs() - t0 >= plan.durationMs;
  const living = new Map<string, SpawnedServer>([
    ['A', a],
    ['B', b],
  ]);
  const rss: TwoFigures['rss'] = [];
  const sampler = setInterval(() => {
    for (const [server, s] of living) {
      try {
        rss.push({ at: nowMs() - t0, server, mb: rssMb(s.pid) });
      } catch {
        // Killed between the map and the read.
      }
    }
  }, 5000);
  const progress = setInterval(() => {
    const last = (server: string) => rss.filter((r) => r.server === server).at(-1)?.mb ?? '?';
    log(
      `${Math.round((nowMs() - t0) / 1000)} s: ${record.updates.length} CG updates acknowledged, RSS B ${last('B')} MB`,
    );
  }, 60_000);
  const warm = sleep(plan.warmUpMs).then(() => ({ a: rssMb(a.pid), b: rssMb(b.pid) }));

  const scenario = async (): Promise<{ takeover: Takeover; restart: Restart | null; a2: SpawnedServer | null }> => {
    await sleep(t0 + plan.killAt + KILL_OFFSET_MS - nowMs());
    const before = await dutyHolders(monitor);
    if (before.outputs.join() !== held.outputs.join() || before.jobs.join() !== held.jobs.join())
      throw new Error(`the duties moved before the kill: ${JSON.stringify({ held, before })}`);
    const closesBefore = onA.reduce((n, c) => n + c.serverCloses, 0);
    const rssA = rssMb(a.pid);
    const killedAt = nowMs();
    // The signal goes out synchronously here; the load follows B in the same tick, so no request is sent to A after it.
    const dying = a.kill('SIGKILL');
    for (const api of [owner, cameraman]) {
      api.killed = { at: killedAt, url: a.url };
      api.to = b.url;
    }
    living.delete('A');
    log(`${Math.round((killedAt - t0) / 1000)} s: A (pid ${a.pid}) SIGKILLed; load moved to B`);

    const isOpen = (c: SoakClient) => c.intervals.at(-1)?.[1] === Infinity;
    let notNoticed = 0;
    let noticedMs = 0;
    // A's clients follow: each sees its socket closed (A's kernel closed it), then reconnects to B.
    const followed = Promise.all(
      onA.map(async (c) => {
        const deadline = nowMs() + 5_000;
        while (isOpen(c) && nowMs() < deadline) await sleep(5);
        if (isOpen(c)) {
          notNoticed += 1;
          c.drop();
        }
        noticedMs = Math.max(noticedMs, nowMs() - killedAt);
        c.url = b.url;
        where.get(c)!.push('B');
        await within('a client of A reconnecting to B', 15_000, c.connect());
      }),
    ).then(() => nowMs() - killedAt);

    await dying;
    if (pidAlive(a.pid)) throw new Error(`A (pid ${a.pid}) still alive after SIGKILL`);
    const goneMs = nowMs() - killedAt;
    started.servers.delete(a);
    const callsAtGone = vmix.calls.length;
    // Which duty B holds now: a lock granted to a backend that is not one of A's.
    let outputsMs: number | null = null;
    let jobsMs: number | null = null;
    let vmixMs: number | null = null;
    const deadline = nowMs() + 15_000;
    while ((outputsMs === null || jobsMs === null || vmixMs === null) && nowMs() < deadline) {
      const now = await dutyHolders(monitor);
      const at = nowMs() - killedAt;
      if (outputsMs === null && now.outputs.some((pid) => !held.outputs.includes(pid))) outputsMs = at;
      if (jobsMs === null && now.jobs.some((pid) => !held.jobs.includes(pid))) jobsMs = at;
      // A is proved gone: whatever reaches the vMix from now on is B's.
      if (vmixMs === null && vmix.calls.length > callsAtGone) vmixMs = at;
      await sleep(10);
    }
    const followedMs = await followed;
    const closes = onA.reduce((n, c) => n + c.serverCloses, 0) - closesBefore;
    log(
      `A gone in ${ms(goneMs)}; B holds the outputs ${ms(outputsMs)}, the jobs ${ms(jobsMs)} after the kill, sets the vMix ${ms(vmixMs)}; ${onA.length} clients on B ${ms(followedMs)} after the kill`,
    );
    const takeover: Takeover = {
      at: killedAt - t0,
      pid: a.pid,
      goneMs,
      outputsMs,
      jobsMs,
      vmixMs,
      noticedMs,
      notNoticed,
      followedMs,
      closes,
      rssA,
    };

    if (until()) return { takeover, restart: null, a2: null };
    await sleep(t0 + plan.restartAt - nowMs());
    const restartedAt = nowMs();
    const a2 = await started.spawn(databaseUrl);
    living.set('A2', a2);
    const readyMs = nowMs() - restartedAt;
    const moving = nowMs();
    // A is back (a new process, a fresh port): its former clients move to it; B keeps its own half.
    await Promise.all(
      onA.map(async (c) => {
        c.drop();
        c.url = a2.url;
        where.get(c)!.push('A2');
        await within('a client moving to A again', 15_000, c.connect());
      }),
    );
    const movedMs = nowMs() - moving;
    log(
      `${Math.round((restartedAt - t0) / 1000)} s: A started again (pid ${a2.pid}, ${a2.url}) in ${ms(readyMs)}; ${onA.length} clients moved to it in ${ms(movedMs)}`,
    );
    return { takeover, restart: { at: restartedAt - t0, readyMs, movedMs }, a2 };
  };

  let outcome: Awaited<ReturnType<typeof scenario>>;
  try {
    [outcome] = await Promise.all([
      scenario(),
      cgLoop(owner, record, t0, until),
      newsLoop(owner, record, until),
      loansLoop(owner, cameraman, equipmentIds, record, until),
    ]);
    // The last frames on their way (the one-server soak's prompter stop waits as long).
    await sleep(1_500);
  } finally {
    clearInterval(sampler);
    clearInterval(progress);
  }
  const rssEndB = rssMb(b.pid);
  const rssEndA2 = outcome.a2 ? rssMb(outcome.a2.pid) : null;
  clients.forEach((c) => c.drop());
  return {
    plan,
    clients,
    where,
    record,
    takeover: outcome.takeover,
    restart: outcome.restart,
    rss,
    rssWarmA: (await warm).a,
    rssWarmB: (await warm).b,
    rssEndB,
    rssEndA2,
    load: { before: loadBefore, after: loadAvg() },
  };
}

interface Deliveries {
  /** Per server: deliveries expected of clients connected to it, and missed. */
  byServer: Map<string, { expected: number; lost: number }>;
  /** Per client, missed deliveries (on living servers). */
  lost: number[];
  /** On A while it died: connected when the update was sent, cut before its grace ended. */
  atRiskOnKilled: number;
  missedOnKilled: number;
}

/**
 * lostPerClient (bench/soak-clients.ts) per connection, each named by its server: an update is
 * expected of a connection open from its send until GRACE_MS after its answer. A connection to A
 * that A's death closed within that time is counted apart (at risk, missed), not as lost.
 */
function deliveries(clients: SoakClient[], where: Map<SoakClient, string[]>, updates: CgUpdate[]): Deliveries {
  const byServer = new Map<string, { expected: number; lost: number }>();
  let atRiskOnKilled = 0;
  let missedOnKilled = 0;
  const lost = clients.map((c) => {
    let missed = 0;
    const servers = where.get(c) ?? [];
    c.intervals.forEach(([from, to], i) => {
      const server = servers[i] ?? '?';
      const tally = byServer.get(server) ?? { expected: 0, lost: 0 };
      byServer.set(server, tally);
      for (const u of updates) {
        if (from > u.sentAt || to < u.sentAt) continue;
        const got = c.received.has(u.seq);
        if (to >= u.ackedAt + GRACE_MS) {
          tally.expected += 1;
          if (!got) {
            tally.lost += 1;
            missed += 1;
          }
        } else if (server === 'A') {
          // A's connections end only with A's death.
          atRiskOnKilled += 1;
          if (!got) missedOnKilled += 1;
        }
      }
    });
    return missed;
  });
  return { byServer, lost, atRiskOnKilled, missedOnKilled };
}

function judgeTwo(f: TwoFigures): { lines: string[]; failed: boolean } {
  const { plan, record, takeover } = f;
  const lines: string[] = [];
  let failed = false;
  const row = (what: string, value: string, target: string, pass: boolean | null) => {
    failed ||= pass === false;
    lines.push(`| ${what} | ${value} | ${target} | ${pass === null ? '' : pass ? 'ok' : 'FAIL'} |`);
  };
  lines.push(
    `\nSoak, two servers on one PostgreSQL store, ${plan.minutes} min — ${new Date().toISOString()}; ${os.cpus().length} cores, load average ${f.load.before} before, ${f.load.after} after`,
    '| what | measured | target | |',
    '|---|---|---|---|',
  );

  row(
    `forced takeover at ${fmt(takeover.at / 1000)} s: A (pid ${takeover.pid}) SIGKILLed`,
    `pid and port gone in ${ms(takeover.goneMs)}`,
    'gone',
    true,
  );
  row(
    'B holds the outputs duty after the kill (advisory lock, pg_locks)',
    ms(takeover.outputsMs),
    `≤ ${TAKEOVER_LIMIT_MS} ms`,
    takeover.outputsMs !== null && takeover.outputsMs <= TAKEOVER_LIMIT_MS,
  );
  row('B sets the fake vMix after the kill', ms(takeover.vmixMs), '', null);
  row('B holds the jobs duty after the kill', ms(takeover.jobsMs), '', null);
  row(
    `A's ${f.clients.length / 2} clients follow to B: all saw the close / all authenticated on B, after the kill`,
    `${ms(takeover.noticedMs)} / ${ms(takeover.followedMs)}${takeover.notNoticed ? ` (${takeover.notNoticed} never saw it: dropped)` : ''}`,
    '',
    null,
  );
  if (f.restart)
    row(
      `A started again at ${fmt(f.restart.at / 1000)} s (new process, fresh port): ready / its former clients moved to it`,
      `${ms(f.restart.readyMs)} / ${ms(f.restart.movedMs)}`,
      '',
      null,
    );

  const samples = (server: string, from: number, to: number) =>
    f.rss.filter((r) => r.server === server && r.at >= from && r.at < to).map((r) => r.mb);
  const mean = (mbs: number[]) => (mbs.length ? mbs.reduce((x, y) => x + y, 0) / mbs.length : NaN);
  row(
    `A RSS after ${fmt(plan.warmUpMs / 1000)} s warm-up → just before its kill (max)`,
    `${f.rssWarmA} → ${takeover.rssA} MB (${Math.max(...samples('A', 0, Infinity), takeover.rssA)})`,
    `≤ ${RSS_GROWTH}× warm-up`,
    takeover.rssA <= RSS_GROWTH * f.rssWarmA,
  );
  // B's role changes at the kill (it takes the load, the duties and A's clients): flat is judged
  // from the first window after A is back, when B carries what it carries to the end.
  const settled = f.restart?.at ?? takeover.at;
  const firstB = mean(samples('B', settled, settled + plan.windowMs));
  const lastB = mean(samples('B', plan.durationMs - plan.windowMs, Infinity));
  row(
    `B RSS carrying the load and the duties: mean of the first ${fmt(plan.windowMs / 1000)} s after A is back → of the last`,
    `${fmt(firstB)} → ${fmt(lastB)} MB (${(lastB / firstB).toFixed(2)}×)`,
    `≤ ${RSS_GROWTH}×`,
    lastB <= RSS_GROWTH * firstB,
  );
  const allB = f.rss.filter((r) => r.server === 'B');
  const rssMaxB = Math.max(...allB.map((r) => r.mb), f.rssEndB);
  row(
    `B RSS after ${fmt(plan.warmUpMs / 1000)} s warm-up → end (max), across the takeover`,
    `${f.rssWarmB} → ${f.rssEndB} MB (${rssMaxB}; ${(f.rssEndB / f.rssWarmB).toFixed(2)}×)`,
    'reported: B takes on the load at the kill',
    null,
  );
  const marks = Array.from({ length: Math.floor(plan.durationMs / plan.windowMs) }, (_, i) => (i + 1) * plan.windowMs);
  const timeline = marks
    .map((t) => {
      const at = allB.filter((r) => r.at <= t + 2_500).at(-1);
      return at ? `${fmt(t / 1000)} s ${at.mb}` : null;
    })
    .filter(Boolean)
    .join(', ');
  lines.push(`| B RSS over the run (MB) | ${timeline} | | |`);
  const rssA2 = f.rss.filter((r) => r.server === 'A2');
  if (f.restart) lines.push(`| A2 RSS first sample → end | ${rssA2[0]?.mb ?? '?'} → ${f.rssEndA2 ?? '?'} MB | | |`);

  const d = deliveries(f.clients, f.where, record.updates);
  let expected = 0;
  let lostTotal = 0;
  const per = [...d.byServer]
    .map(([server, t]) => {
      expected += t.expected;
      lostTotal += t.lost;
      return `${server} ${t.lost}/${t.expected}`;
    })
    .join(', ');
  row(
    `CG deliveries lost on living servers (${record.updates.length} acknowledged updates × connected clients = ${expected})`,
    `${lostTotal} (worst client ${Math.max(...d.lost)}, ${d.lost.filter((n) => n > 0).length} clients; per server lost/expected: ${per})`,
    '0',
    lostTotal === 0,
  );
  row(
    `on A while it died (connected at the send, closed within ${GRACE_MS} ms of the answer): excluded`,
    `${d.missedOnKilled} missed of ${d.atRiskOnKilled}`,
    'reported',
    null,
  );
  const cut = record.failures.filter((m) => m.includes(CUT));
  const cutCg = cut.filter((m) => m.startsWith('CG update')).map((m) => m.split(':')[0]);
  row(
    'requests to A without an answer at the kill (not acknowledged, not counted)',
    cut.length ? `${cut.length}: ${cut.map((m) => m.split(':')[0]).join(', ')}` : '0',
    '',
    null,
  );
  if (cutCg.length === 0) lines.push('| (no CG update was in flight at the kill) | | | |');
  const closes = f.clients.reduce((n, c) => n + c.serverCloses, 0) - takeover.closes;
  row(
    `client sockets closed by a living server (closed by A's death: ${takeover.closes})`,
    String(closes),
    '0',
    closes === 0,
  );

  const cg = (from: number, to: number) =>
    summarize(record.cgMs.filter((s) => s.at >= from && s.at < to).map((s) => s.ms));
  const before = cg(plan.warmUpMs, takeover.at);
  const after = cg(takeover.at, Infinity);
  const justAfter = cg(takeover.at, takeover.at + 5_000);
  lines.push(
    `| CG write before the kill (warm-up → kill, on A) / after (kill → end, on B) | n ${before.n}, p50 ${before.p50}, p99 ${before.p99}, max ${before.max} / n ${after.n}, p50 ${after.p50}, p99 ${after.p99}, max ${after.max} ms | | |`,
    `| CG writes in the 5 s after the kill (on B) | n ${justAfter.n}, max ${justAfter.max} ms | | |`,
  );
  const first = cg(plan.warmUpMs, plan.warmUpMs + plan.windowMs);
  const last = cg(plan.durationMs - plan.windowMs, Infinity);
  const limit = Math.max(P99_GROWTH * first.p99, first.p99 + P99_NOISE_MS);
  const drift = first.n > 0 && last.n > 0 && last.p99 <= limit;
  const gated = plan.minutes >= TIMING_GATE_MINUTES;
  row(
    `CG write p99, first ${fmt(plan.windowMs / 1000)} s after warm-up (A) vs last (B) (n ${first.n} / ${last.n}; p50 ${first.p50} / ${last.p50})`,
    `${first.p99} → ${last.p99} ms${gated || drift ? '' : ' (over)'}`,
    `last ≤ ${fmt(limit)} ms (${P99_GROWTH}×, ≥ +${P99_NOISE_MS} ms)${gated ? '' : `; judged in runs ≥ ${TIMING_GATE_MINUTES} min`}`,
    drift || !gated,
  );
  const all = summarize(record.cgMs.map((s) => s.ms));
  lines.push(`| CG write, whole run | n ${all.n}, p50 ${all.p50}, p99 ${all.p99}, max ${all.max} ms | | |`);
  const failures = record.failures.filter((m) => !m.includes(CUT));
  row(
    'failed requests (other than cut by the kill)',
    failures.length ? failures.slice(0, 5).join('; ') : '0',
    '0',
    failures.length === 0,
  );
  lines.push(`| load done | ${record.newsCycles} news lives, ${record.loans} loans | | |`);
  lines.push(failed ? '\nSoak (two servers): a target was missed.' : '\nSoak (two servers): every target met.');
  return { lines, failed };
}

/** The two-server soak; resolves with the exit code (1: a target missed). */
export async function soakTwoServers(minutes: number): Promise<number> {
  const plan = planOf(minutes);
  const started = new Started();
  const onSignal = (signal: NodeJS.Signals) => {
    log(`${signal}: stopping the servers and PostgreSQL`);
    void started.stop().finally(() => process.exit(130));
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  try {
    log(
      `${minutes} min, ${CLIENTS} clients (half on A, half on B); A killed at ${fmt(plan.killAt / 1000)} s, started again at ${fmt(plan.restartAt / 1000)} s — ${os.cpus().length} cores, Node ${process.version}, load average ${loadAvg()}`,
    );
    const { lines, failed } = judgeTwo(await run(plan, started));
    for (const line of lines) process.stdout.write(line + '\n');
    return failed ? 1 : 0;
  } finally {
    await started.stop();
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  }
}
