import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ApiClient } from '../server/test/api-client';
import { freePort, spawnServer, type SpawnedServer } from '../server/test/spawn-server';
import { openClients, reconnectStorm, type SoakClient } from './soak-clients';
import { cgLoop, loansLoop, newsLoop, type LoadRecord } from './soak-load';
import { activeResources, fdCount, rssMb } from './soak-probe';
import { startPrompter } from './soak-prompter';
import { judge, type Figures } from './soak-report';
import { nowMs } from './stats';

/**
 * `npm run soak -- --minutes N` (issue 24): a real spawned server under a steady newsroom load for
 * N minutes — 300 live clients, one CG update a second, news churn, equipment loans, a prompter
 * with 3 followers and a reconnect storm every 2 minutes (one at mid-run when shorter) — then
 * RSS, lost events, CG write p99 first vs last window and handles left. Exits 1 on a missed target.
 * Linux only (/proc). The server runs with the inspector on loopback so its handles can be read.
 * `--two-servers`: two servers on one PostgreSQL store with a forced takeover at mid-run (bench/soak-two.ts).
 */
const CLIENTS = 300;
const STORM_EVERY_MS = 120_000;

const { values } = parseArgs({
  options: { minutes: { type: 'string', default: '10' }, 'two-servers': { type: 'boolean', default: false } },
});
const minutes = Number(values.minutes);
if (!(minutes > 0)) throw new Error(`--minutes must be a positive number, got ${values.minutes}`);
const durationMs = minutes * 60_000;
/** First vs last window: a minute, or 20 s for runs under 3 minutes. */
const windowMs = minutes >= 3 ? 60_000 : Math.min(20_000, durationMs / 3);
/** RSS is read, and the first window starts, after this (JIT, caches and 300 fresh sockets settle): 10 s of a 1-minute run, 1 minute of a long one. */
const warmUpMs = Math.min(60_000, durationMs / 6);
/** Storm times: every 2 minutes outside the last window; one at mid-run for shorter runs. */
const storms =
  minutes < 2
    ? [durationMs / 2]
    : Array.from({ length: Math.floor(durationMs / STORM_EVERY_MS) }, (_, i) => (i + 1) * STORM_EVERY_MS).filter(
        (t) => t < durationMs - windowMs,
      );

async function signIn(url: string, username: string, password: string): Promise<ApiClient> {
  const api = new ApiClient(url);
  const res = await api.post<{ token: string }>('/api/auth/login', { username, password });
  if (res.status !== 200) throw new Error(`login ${username}: ${res.status} ${JSON.stringify(res.body)}`);
  api.token = res.body.token;
  return api;
}

/** The owner, a cameraman for the loans, and three items to lend. */
async function setUp(server: SpawnedServer) {
  const owner = await signIn(server.url, 'owner', 'owner-password');
  const made = await owner.post('/api/users', {
    username: 'soak_cameraman',
    password: 'soak-password-1',
    fullName: 'Soak Cameraman',
    role: 'cameraman',
  });
  if (made.status !== 201) throw new Error(`create cameraman: ${made.status} ${JSON.stringify(made.body)}`);
  const cameraman = await signIn(server.url, 'soak_cameraman', 'soak-password-1');
  const equipmentIds: number[] = [];
  for (const code of ['SOAK-CAM-1', 'SOAK-CAM-2', 'SOAK-CAM-3']) {
    const res = await owner.post<{ id: number }>('/api/equipment', {
      name: `Soak camera ${code}`,
      code,
      location: 'Store',
      quantity: 5,
    });
    if (res.status !== 201) throw new Error(`create equipment: ${res.status} ${JSON.stringify(res.body)}`);
    equipmentIds.push(res.body.id);
  }
  return { owner, cameraman, equipmentIds };
}

async function run(server: SpawnedServer, inspectPort: number): Promise<Figures> {
  const { owner, cameraman, equipmentIds } = await setUp(server);
  const before = { fds: fdCount(server.pid), resources: await activeResources(inspectPort) };
  log(`server pid ${server.pid} ready in ${server.readyMs} ms; opening ${CLIENTS} clients`);
  const clients: SoakClient[] = await openClients(server.url, owner.token ?? '', CLIENTS);
  const prompter = await startPrompter(owner);
  const record: LoadRecord = { updates: [], cgMs: [], newsCycles: 0, loans: 0, failures: [] };
  const t0 = nowMs();
  const until = () => nowMs() - t0 >= durationMs;
  const rss: Array<{ at: number; mb: number }> = [];
  // A server that died shows as failed requests and a rejected loop; the sampler must not throw first.
  const sampler = setInterval(
    () =>
      void Promise.resolve()
        .then(() => rss.push({ at: nowMs() - t0, mb: rssMb(server.pid) }))
        .catch(() => undefined),
    5000,
  );
  const stormMs: number[] = [];
  const stormsDone = (async () => {
    for (const at of storms) {
      await new Promise((r) => setTimeout(r, Math.max(0, t0 + at - nowMs())));
      stormMs.push(await reconnectStorm(clients));
      log(
        `reconnect storm at ${Math.round((nowMs() - t0) / 1000)} s: ${CLIENTS} back in ${Math.round(stormMs[stormMs.length - 1]!)} ms`,
      );
    }
  })();
  const progress = setInterval(
    () =>
      log(
        `${Math.round((nowMs() - t0) / 1000)} s: ${record.updates.length} CG updates, RSS ${rss[rss.length - 1]?.mb ?? '?'} MB`,
      ),
    60_000,
  );
  const warm = new Promise<number>((resolve) => setTimeout(() => resolve(rssMb(server.pid)), warmUpMs));
  await Promise.all([
    cgLoop(owner, record, t0, until),
    newsLoop(owner, record, until),
    loansLoop(owner, cameraman, equipmentIds, record, until),
    stormsDone,
  ]);
  clearInterval(sampler);
  clearInterval(progress);
  const rssEnd = rssMb(server.pid);
  const prompted = await prompter.stop(); // also the straggler wait for the last CG frames
  clients.forEach((c) => c.drop());
  // Past the server's 5 s keep-alive timeout: idle HTTP connections are closed by then too.
  await new Promise((r) => setTimeout(r, 6000));
  return {
    minutes,
    windowMs,
    warmUpMs,
    clients,
    record,
    prompter: prompted,
    stormMs,
    rssWarm: await warm,
    rssEnd,
    rssMax: Math.max(...rss.map((s) => s.mb), rssEnd),
    before,
    after: { fds: fdCount(server.pid), resources: await activeResources(inspectPort) },
  };
}

function log(line: string): void {
  process.stdout.write(`[soak] ${line}\n`);
}

async function main(): Promise<number> {
  const baseDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cgb-soak-'));
  const inspectPort = await freePort();
  const nodeOptions = `${process.env.NODE_OPTIONS ?? ''} --inspect=127.0.0.1:${inspectPort}`.trim();
  const server = await spawnServer(baseDir, { NODE_OPTIONS: nodeOptions, LOG_LEVEL: 'warn' });
  try {
    log(
      `${minutes} min, ${CLIENTS} clients, storms at ${storms.map((t) => `${t / 1000} s`).join(', ') || 'none'} — ${os.cpus().length} cores, Node ${process.version}`,
    );
    const { lines, failed } = judge(await run(server, inspectPort));
    for (const line of lines) process.stdout.write(line + '\n');
    return failed ? 1 : 0;
  } finally {
    await server.kill();
    fs.rmSync(baseDir, { recursive: true, force: true });
  }
}

// The two-server run is loaded only when asked for: the one-server soak's modules stay as they were.
(values['two-servers'] ? import('./soak-two').then((m) => m.soakTwoServers(minutes)) : main()).then(
  (code) => process.exit(code),
  (err: unknown) => {
    process.stderr.write(`soak failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
    process.exit(1);
  },
);
