import fs from 'node:fs';

/** One stretch in which the event loop could not run a 1 ms timer: `ms` long, ending at `endUs` (monotonic µs, the clock of V8's CPU profiles). */
export interface LoopBlock {
  endUs: number;
  ms: number;
}

/**
 * Diagnostics for the benchmarks only (`CGB_LOOP_WATCH_FILE`, set by bench/loop-blocks.ts runs):
 * records every stretch longer than `overMs` in which a 1 ms timer could not fire, and writes them
 * as JSON when the process exits. With `--cpu-prof` on the same process, bench/loop-blocks.ts
 * names what ran in each stretch — which tells an air thread held by our code from a CG write that
 * only waited for a core. Never on in a normal start.
 */
export function watchLoopBlocks(file: string, overMs = 10): void {
  const blocks: LoopBlock[] = [];
  const nowUs = () => Number(process.hrtime.bigint() / 1000n);
  let last = nowUs();
  setInterval(() => {
    const now = nowUs();
    const gap = (now - last) / 1000;
    if (gap > overMs) blocks.push({ endUs: now, ms: Math.round(gap * 10) / 10 });
    last = now;
  }, 1).unref();
  process.once('exit', () => fs.writeFileSync(file, JSON.stringify(blocks)));
}
