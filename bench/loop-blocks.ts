import fs from 'node:fs';
import path from 'node:path';
import type { LoopBlock } from '../server/lib/loop-watch';

/**
 * `npx tsx bench/loop-blocks.ts <profile dir> <blocks.json> [top]`: the longest stretches in
 * which the server's event loop could not fire a 1 ms timer (server/lib/loop-watch.ts) and what
 * the main thread ran in each, from its V8 CPU profile. It tells apart two causes a CG p99 alone
 * cannot: the air thread held by our own code (a long block, named) and a CG write that only
 * waited for a core on a 2-core machine (short blocks, the rest is scheduling).
 *
 * Taking both for a load (the server stops with SIGTERM, so both files are written):
 *   CGB_SERVER_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" CGB_LOOP_WATCH_FILE=/tmp/prof/blocks.json \
 *     npx tsx bench/under-load-alone.ts 2 logins
 */
interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

const IDLE = new Set(['(idle)', '(program)']);

function label(n: ProfileNode): string {
  const file = n.callFrame.url ? path.basename(n.callFrame.url.replace(/^file:\/\//, '')) : '';
  return `${n.callFrame.functionName || '(anonymous)'}${file ? ` ${file}:${n.callFrame.lineNumber + 1}` : ''}`;
}

const ours = (n: ProfileNode) =>
  /\/(server|shared)\//.test(n.callFrame.url) && !n.callFrame.url.includes('node_modules');

/** Self time per function and, per sample, the innermost frame of our own code (what called into the library). */
function describe(profile: CpuProfile, fromUs: number, toUs: number) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const self = new Map<string, number>();
  const caller = new Map<string, number>();
  let busy = 0;
  let at = profile.startTime;
  profile.samples.forEach((id, i) => {
    at += profile.timeDeltas[i] ?? 0;
    if (at < fromUs || at > toUs) return;
    const node = byId.get(id);
    if (!node || IDLE.has(node.callFrame.functionName)) return;
    busy += 1;
    self.set(label(node), (self.get(label(node)) ?? 0) + 1);
    let walk: number | undefined = id;
    while (walk !== undefined && !ours(byId.get(walk)!)) walk = parent.get(walk);
    const mine = walk === undefined ? '(no frame of ours)' : label(byId.get(walk)!);
    caller.set(mine, (caller.get(mine) ?? 0) + 1);
  });
  const top = (m: Map<string, number>) =>
    [...m.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 3)
      .map(([fn, n]) => `${fn} ${Math.round((n / Math.max(1, busy)) * 100)}%`);
  return { busy, self: top(self), ours: top(caller) };
}

function serverProfile(dir: string): CpuProfile {
  for (const f of fs.readdirSync(dir).filter((f) => f.endsWith('.cpuprofile'))) {
    const profile = JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8')) as CpuProfile;
    if (profile.nodes.some((n) => n.callFrame.functionName === 'startServer')) return profile;
  }
  throw new Error(`no server main-thread profile in ${dir}`);
}

function main(): void {
  const [dir, blocksFile, topArg] = process.argv.slice(2);
  if (!dir || !blocksFile) throw new Error('usage: loop-blocks.ts <profile dir> <blocks.json> [top]');
  const profile = serverProfile(dir);
  const blocks = (JSON.parse(fs.readFileSync(blocksFile, 'utf8')) as LoopBlock[]).sort((a, b) => b.ms - a.ms);
  const over = (ms: number) => blocks.filter((b) => b.ms > ms).length;
  process.stdout.write(
    `loop blocks > 10 ms: ${blocks.length}; > 20 ms: ${over(20)}; > 50 ms: ${over(50)}; > 100 ms: ${over(100)}\n`,
  );
  for (const b of blocks.slice(0, Number(topArg ?? 5))) {
    const d = describe(profile, b.endUs - b.ms * 1000, b.endUs);
    process.stdout.write(
      `  ${b.ms} ms (${d.busy} busy samples) — ours: ${d.ours.join(' · ')} — self: ${d.self.join(' · ')}\n`,
    );
  }
}

main();
