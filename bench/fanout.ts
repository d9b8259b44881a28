import { ApiClient } from '../server/test/api-client';
import { startBareModel } from './bare-run';
import { block, closeTarget, headlineFile, hotPathTarget, type HotPathTarget } from './cg-hot-path';
import { formatRow, summarize, type Summary } from './stats';

/**
 * Issue 24, fan-out: CG write → file replaced → the LAST of N live clients got the event, for
 * several systems measured in rotating blocks (A B C, B C A, …) in one run, so machine drift
 * lands on all alike. A warm-up block each first. One summary per target, in order.
 */
export async function benchInterleaved(targets: HotPathTarget[], blocks: number, perBlock: number): Promise<Summary[]> {
  for (const [k, t] of targets.entries()) await block(t, 20, `warm${k}`);
  const samples = targets.map((): number[] => []);
  for (let i = 0; i < blocks; i++) {
    for (let j = 0; j < targets.length; j++) {
      const k = (i + j) % targets.length;
      samples[k]!.push(...(await block(targets[k]!, perBlock, `t${k}`)));
    }
  }
  return samples.map((s) => summarize(s));
}

export const ratio = (a: number, b: number) => (a / b).toFixed(2);

/** `npm run bench` rows: the product against the bare model, both with `clients` live sockets. */
export async function fanoutRows(api: ApiClient, baseDir: string, clients = 1000): Promise<string[]> {
  const bareModel = await startBareModel();
  const ours = await hotPathTarget(api, headlineFile(baseDir), clients);
  const bare = await hotPathTarget(new ApiClient(bareModel.url), null, clients);
  try {
    const [o, b] = (await benchInterleaved([ours, bare], 5, 60)) as [Summary, Summary];
    return [
      formatRow(`CG write → file replaced → ${clients} WS clients got it (interleaved blocks)`, o, 'p99 ≤ bare, ≤ 25'),
      formatRow(`same, bare model with ${clients} clients (interleaved)`, b, `ours/bare p50 = ${ratio(o.p50, b.p50)}, p99 = ${ratio(o.p99, b.p99)}`),
    ];
  } finally {
    closeTarget(ours);
    closeTarget(bare);
    await bareModel.stop();
  }
}
