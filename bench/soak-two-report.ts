import os from 'node:os';
import { type CgUpdate, type SoakClient } from './soak-clients';
import { type LoadRecord } from './soak-load';
import { P99_GROWTH, P99_NOISE_MS, RSS_GROWTH, TIMING_GATE_MINUTES } from './soak-report';
import { summarize } from './stats';
import { CUT, fmt, GRACE_MS, ms, TAKEOVER_LIMIT_MS } from './soak-two-setup';

/** The two-server soak's plan, figures and judgement (bench/soak-two.ts). */

export interface Plan {
  minutes: number;
  durationMs: number;
  windowMs: number;
  warmUpMs: number;
  killAt: number;
  restartAt: number;
}

/** The one-server soak's windows and warm-up; the kill at mid-run, A back a minute later (a quarter of a short run). */
export function planOf(minutes: number): Plan {
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

export interface Takeover {
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

export interface Restart {
  at: number;
  readyMs: number;
  movedMs: number;
}

export interface TwoFigures {
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

export interface Deliveries {
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
export function deliveries(clients: SoakClient[], where: Map<SoakClient, string[]>, updates: CgUpdate[]): Deliveries {
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

export function judgeTwo(f: TwoFigures): { lines: string[]; failed: boolean } {
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
