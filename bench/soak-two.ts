import os from 'node:os';
import pg from 'pg';
import { startFakeVmix } from '../server/test/fake-vmix';
import { startPgCluster } from '../server/test/pg-cluster';
import { pidAlive, type SpawnedServer } from '../server/test/spawn-server';
import { openClients, type SoakClient } from './soak-clients';
import { cgLoop, loansLoop, newsLoop, type LoadRecord } from './soak-load';
import { rssMb } from './soak-probe';
import { nowMs } from './stats';
import {
  CLIENTS,
  dutyHolders,
  FIELD,
  fmt,
  FollowingApi,
  KILL_OFFSET_MS,
  log,
  ms,
  setUp,
  sleep,
  Started,
  waitFor,
  within,
} from './soak-two-setup';
import { judgeTwo, type Plan, planOf, type Restart, type Takeover, type TwoFigures } from './soak-two-report';

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
