import { lostPerClient, type SoakClient } from './soak-clients';
import type { LoadRecord } from './soak-load';
import { grown } from './soak-probe';
import { summarize } from './stats';

/** What one soak run measured (bench/soak.ts). */
export interface Figures {
  minutes: number;
  windowMs: number;
  warmUpMs: number;
  clients: SoakClient[];
  record: LoadRecord;
  prompter: { sent: number; lost: number[]; errors: string[] };
  stormMs: number[];
  rssWarm: number;
  rssEnd: number;
  rssMax: number;
  before: { fds: number; resources: Record<string, number> };
  after: { fds: number; resources: Record<string, number> };
}

/** Targets (issue 24; docs/decisions.md "Issue 24 — crash and soak"). */
export const RSS_GROWTH = 1.3;
export const P99_GROWTH = 1.2;
/** Runs this long or longer judge the p99 drift; shorter ones report it. */
export const TIMING_GATE_MINUTES = 10;
/** Below this a p99 difference is scheduler noise on a shared 2-core machine, not drift (a window of 20 samples has the max as its p99). */
export const P99_NOISE_MS = 5;
/** Handles of one kind, or descriptors, the server may hold above its idle start at the end (a debounce timer in flight). */
const HANDLE_SLACK = 2;

const fmt = (n: number) => (Math.round(n * 10) / 10).toString();

/** The report's lines and whether any target was missed. */
export function judge(f: Figures): { lines: string[]; failed: boolean } {
  const lines: string[] = [];
  let failed = false;
  const row = (what: string, value: string, target: string, pass: boolean) => {
    failed ||= !pass;
    lines.push(`| ${what} | ${value} | ${target} | ${pass ? 'ok' : 'FAIL'} |`);
  };
  lines.push(
    `\nSoak ${f.minutes} min — ${new Date().toISOString()}`,
    '| what | measured | target | |',
    '|---|---|---|---|',
  );

  row(
    `server RSS after ${fmt(f.warmUpMs / 1000)} s warm-up → end (max)`,
    `${f.rssWarm} → ${f.rssEnd} MB (${f.rssMax})`,
    `end ≤ ${RSS_GROWTH}× warm-up`,
    f.rssEnd <= RSS_GROWTH * f.rssWarm,
  );

  const { expected, lost } = lostPerClient(f.clients, f.record.updates);
  const lostTotal = lost.reduce((a, b) => a + b, 0);
  const worst = Math.max(...lost);
  row(
    `CG updates lost (${f.record.updates.length} updates × connected clients = ${expected} deliveries)`,
    `${lostTotal} (worst client ${worst}, ${lost.filter((n) => n > 0).length} clients)`,
    '0',
    lostTotal === 0,
  );
  const closed = f.clients.reduce((n, c) => n + c.serverCloses, 0);
  row('client sockets closed by the server', String(closed), '0', closed === 0);
  const promptLost = f.prompter.lost.reduce((a, b) => a + b, 0);
  row(
    `prompter positions lost (${f.prompter.sent} sent × 3 followers)`,
    `${promptLost} [${f.prompter.lost.join(', ')}]`,
    '0',
    promptLost === 0 && f.prompter.errors.length === 0,
  );

  const end = f.minutes * 60_000;
  const first = summarize(
    f.record.cgMs.filter((s) => s.at >= f.warmUpMs && s.at < f.warmUpMs + f.windowMs).map((s) => s.ms),
  );
  const last = summarize(f.record.cgMs.filter((s) => s.at >= end - f.windowMs).map((s) => s.ms));
  const limit = Math.max(P99_GROWTH * first.p99, first.p99 + P99_NOISE_MS);
  // A timing target gates only the release runs (≥ 10 min, 60 samples a window): in the 1-minute
  // run of npm test a window holds 20 samples on a shared machine, so its p99 is reported, not judged.
  const drift = first.n > 0 && last.n > 0 && last.p99 <= limit;
  const gated = f.minutes >= TIMING_GATE_MINUTES;
  const target = `last ≤ ${fmt(limit)} ms (1.2×, ≥ +${P99_NOISE_MS} ms)${gated ? '' : `; judged in runs ≥ ${TIMING_GATE_MINUTES} min`}`;
  row(
    `CG write p99, first ${fmt(f.windowMs / 1000)} s after warm-up vs last (n ${first.n} / ${last.n}; p50 ${first.p50} / ${last.p50})`,
    `${first.p99} → ${last.p99} ms${gated || drift ? '' : ' (over)'}`,
    target,
    drift || !gated,
  );
  const all = summarize(f.record.cgMs.map((s) => s.ms));
  lines.push(`| CG write, whole run | n ${all.n}, p50 ${all.p50}, p99 ${all.p99}, max ${all.max} ms | | |`);

  const handles = grown(f.before.resources, f.after.resources, HANDLE_SLACK);
  const kinds = (r: Record<string, number>) =>
    Object.entries(r)
      .map(([k, v]) => `${k} ${v}`)
      .join(', ');
  row(
    'handles/timers, idle start → after the clients left',
    `${kinds(f.before.resources)} → ${kinds(f.after.resources)}`,
    `no kind +${HANDLE_SLACK}`,
    handles.length === 0,
  );
  row(
    'open descriptors, idle start → after the clients left',
    `${f.before.fds} → ${f.after.fds}`,
    `≤ +${HANDLE_SLACK}`,
    f.after.fds <= f.before.fds + HANDLE_SLACK,
  );

  row(
    'failed requests',
    f.record.failures.length ? f.record.failures.slice(0, 5).join('; ') : '0',
    '0',
    f.record.failures.length === 0,
  );
  const storms = f.stormMs.map((ms) => `${Math.round(ms)} ms`).join(', ') || 'none';
  lines.push(
    `| load done | ${f.record.newsCycles} news lives, ${f.record.loans} loans, storms (all ${f.clients.length} back in): ${storms} | | |`,
  );
  lines.push(failed ? '\nSoak: a target was missed.' : '\nSoak: every target met.');
  return { lines, failed };
}
