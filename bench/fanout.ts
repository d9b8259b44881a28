import { block, type HotPathTarget } from './cg-hot-path';
import { cpuMs } from './server-cpu';
import { summarize, type Summary } from './stats';

export interface FanoutResult extends Summary {
  /** The target process's CPU ms per write (measured blocks only), or NaN without a pid. */
  cpuPerWrite: number;
}

/**
 * Issue 24, fan-out: CG write → file replaced → the LAST of N live clients got the event, for
 * several systems measured in rotating blocks (A B C, B C A, …) in one run, so machine drift
 * lands on all alike. A warm-up block each first. With a pid per target, also the server's own
 * CPU per write (less sensitive than latency to a loaded machine). One result per target.
 */
export async function benchInterleaved(
  targets: HotPathTarget[],
  blocks: number,
  perBlock: number,
  pids: Array<number | null> = [],
): Promise<FanoutResult[]> {
  for (const [k, t] of targets.entries()) await block(t, 20, `warm${k}`);
  const samples = targets.map((): number[] => []);
  const cpu = targets.map(() => 0);
  for (let i = 0; i < blocks; i++) {
    for (let j = 0; j < targets.length; j++) {
      const k = (i + j) % targets.length;
      const pid = pids[k];
      const before = pid ? cpuMs(pid) : 0;
      samples[k]!.push(...(await block(targets[k]!, perBlock, `t${k}`)));
      cpu[k]! += pid ? cpuMs(pid) - before : NaN;
    }
  }
  return samples.map((s, k) => ({ ...summarize(s), cpuPerWrite: Math.round((cpu[k]! / s.length) * 100) / 100 }));
}

export const ratio = (a: number, b: number) => (a / b).toFixed(2);
