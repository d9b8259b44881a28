import type { ApiClient } from '../server/test/api-client';
import type { WireFeed } from '../shared/contracts/wires';
import { CG_GAP_MS, cgWrites } from './equipment-bulk';
import { startHelperProcess } from './feeds-process';
import { formatRow, nowMs, summarize, type Summary } from './stats';
import { ServerCpu } from './server-cpu';

/**
 * Issue 26: an operator's CG write every 20 ms while every feed of the station is polled at once
 * (8 feeds of 3 000 fresh items, ~2.4 MB each), against the same writes with no polling — quiet
 * and loaded blocks alternate, with as many writes in each. The feed server runs in a process of its own (bench/feeds-process.ts),
 * as agencies are elsewhere; the server fetches, parses and stores.
 */
const BIG_FEEDS = 8;
const ITEMS = 3000;
/**
 * Writes in the first quiet block; each later one has as many as the polling block before it, so
 * both p99s come from as many samples (a 40-write block's p99 is its single worst write).
 */
const FIRST_QUIET_WRITES = 150;
/**
 * Rounds of quiet + polling blocks: 10 give each p99 about 1 950 samples (its 20 slowest writes
 * beyond it). At 3 rounds (~570) the p99 was the 6th slowest write, and the same tree's ratio
 * spread from 1.2× to 2.0× between runs on a shared 2-core VM (docs/performance.md, "Wires reader", "How steady these figures are").
 */
export const WIRES_ROUNDS = 10;

export interface WiresBench {
  quiet: Summary;
  loaded: Summary;
  polls: Summary;
  feeds: number;
  items: number;
  /** CPU of the server's main (air) thread and of the whole process over the polls, ms (Linux, when the pid is given). */
  airCpuMs?: number;
  processCpuMs?: number;
  /** The same over the quiet blocks (as many writes): what the CG writes alone cost. */
  quietAirCpuMs?: number;
  quietProcessCpuMs?: number;
}

/** The measurement: interleaved quiet / polling blocks of CG writes, and how long each poll of all feeds took. */
export async function benchWires(
  api: ApiClient,
  feedsUrl: string,
  rounds = WIRES_ROUNDS,
  pid?: number,
): Promise<WiresBench> {
  const ids: number[] = [];
  const stamp = Date.now().toString(36);
  for (let f = 0; f < BIG_FEEDS; f++) {
    const res = await api.post<WireFeed>('/api/wires/feeds', {
      name: `Bench ${f}`,
      url: `${feedsUrl}/big.xml?n=${ITEMS}&f=${stamp}${f}`,
      enabled: false,
    });
    if (res.status !== 201) throw new Error(`add feed failed: ${res.status} ${JSON.stringify(res.body)}`);
    ids.push(res.body.id);
  }
  const quiet: number[] = [];
  const loaded: number[] = [];
  const polls: number[] = [];
  const cpu = new ServerCpu(pid);
  const quietCpu = new ServerCpu(pid);
  const editors = await startHelperProcess('poll-burst-main.ts');
  try {
    let quietWrites = FIRST_QUIET_WRITES;
    for (let r = 0; r < rounds; r++) {
      quiet.push(...(await quietCpu.during(() => cgWrites(api, `Quiet wires ${r}`, null, quietWrites))));
      const stop = cpu.start();
      const started = nowMs();
      const all = editors.ask(JSON.stringify({ url: api.baseUrl, token: api.token, ids })).then((answer) => {
        if (answer !== 'ok') throw new Error(answer);
      });
      const got = await cgWrites(api, `During wires poll ${r}`, all);
      loaded.push(...got);
      quietWrites = got.length;
      if (process.env.CGB_SLOW_LOG) console.error(`round ${r}: slow writes (ms into the poll:ms) ${slowOffsets(got)}`);
      await all;
      polls.push(nowMs() - started);
      stop();
    }
  } finally {
    await editors.close();
  }
  const q = quietCpu.totals();
  return {
    quiet: summarize(quiet),
    loaded: summarize(loaded),
    polls: summarize(polls),
    feeds: BIG_FEEDS,
    items: ITEMS,
    ...cpu.totals(),
    quietAirCpuMs: q.airCpuMs,
    quietProcessCpuMs: q.processCpuMs,
  };
}

/**
 * Diagnostics (env CGB_SLOW_LOG): when in the poll each write over 18 ms (or CGB_SLOW_LOG ms, when over 1) started — to tell the
 * fetch phase (first few hundred ms) from the parse and store phases.
 */
const SLOW_MS = Number(process.env.CGB_SLOW_LOG) > 1 ? Number(process.env.CGB_SLOW_LOG) : 18;

function slowOffsets(samples: number[]): string {
  let at = 0;
  const marks: string[] = [];
  for (const ms of samples) {
    if (ms > SLOW_MS) marks.push(`${at.toFixed(0)}:${ms.toFixed(0)}`);
    at += ms + CG_GAP_MS;
  }
  return marks.join(' ');
}

/** The rows of `npx tsx bench/wires-alone.ts`. */
export async function wiresRows(
  api: ApiClient,
  feedsUrl: string,
  rounds = WIRES_ROUNDS,
  pid?: number,
): Promise<string[]> {
  const {
    quiet: q,
    loaded: l,
    polls,
    airCpuMs,
    processCpuMs,
    quietAirCpuMs,
    quietProcessCpuMs,
  } = await benchWires(api, feedsUrl, rounds, pid);
  const cpu =
    airCpuMs === undefined
      ? ''
      : `CPU air thread ${airCpuMs} ms of ${processCpuMs} ms (quiet blocks: ${quietAirCpuMs} of ${quietProcessCpuMs})`;
  return [
    formatRow(`${BIG_FEEDS} feeds × ${ITEMS.toLocaleString('en')} new items polled at once (all answered)`, polls, cpu),
    formatRow('CG write every 20 ms, no polling (interleaved baseline)', q, ''),
    formatRow(
      `CG write every 20 ms while ${BIG_FEEDS} feeds poll`,
      l,
      `p99 ≤ 1.5× quiet: ${(l.p99 / q.p99).toFixed(2)}×`,
    ),
  ];
}
