import fs from 'node:fs';
import path from 'node:path';
import type { ApiClient } from '../server/test/api-client';
import { openListeners, type Listener } from './sockets';
import { nowMs, summarize, type Summary } from './stats';

/** One system under the hot-path measurement: where to POST, and (optionally) which file to check. */
export interface HotPathTarget {
  api: ApiClient;
  file: string | null;
  listeners: Listener[];
  /** Send a fresh Idempotency-Key with each write, as the app does (its cost on a shared store). */
  keyed?: boolean;
}

export async function hotPathTarget(api: ApiClient, file: string | null, clients = 200): Promise<HotPathTarget> {
  return { api, file, listeners: await openListeners(api.baseUrl, api.token ?? 'unused', clients) };
}

/**
 * `writes` sequential update-direct calls; each sample runs from sending the POST until the
 * file holds the text (when checked) AND every live client got the cg_file_updated event.
 */
export async function block(target: HotPathTarget, writes: number, label: string): Promise<number[]> {
  const samples: number[] = [];
  for (let i = 0; i < writes; i++) {
    const content = `${label} headline ${i} ${Date.now()}`;
    const started = nowMs();
    const delivered = Promise.all(
      target.listeners.map((l) => l.next('cg_file_updated', (d) => (d as { content?: string }).content === content)),
    );
    const headers: Record<string, string> = target.keyed ? { 'Idempotency-Key': `${label}-${i}-${started}` } : {};
    const res = await target.api.request('POST', '/api/cg-files/update-direct', { type: 'headline', content }, headers);
    if (res.status !== 200) throw new Error(`update-direct failed: ${res.status}`);
    await delivered;
    if (target.file && fs.readFileSync(target.file, 'utf8') !== content)
      throw new Error('file does not hold the acknowledged text');
    samples.push(nowMs() - started);
  }
  return samples;
}

/**
 * docs/design-rules.md §7 / issue 9: CG Bridge and the bare model measured in alternating blocks
 * (A B A B …) in one run, so machine drift lands on both alike. A warm-up block each first.
 */
export async function benchHotPathInterleaved(ours: HotPathTarget, bare: HotPathTarget, blocks = 5, perBlock = 200) {
  await block(ours, 20, 'warm');
  await block(bare, 20, 'warm');
  const a: number[] = [];
  const b: number[] = [];
  for (let i = 0; i < blocks; i++) {
    a.push(...(await block(ours, perBlock, 'ours')));
    b.push(...(await block(bare, perBlock, 'bare')));
  }
  return { ours: summarize(a), bare: summarize(b) };
}

export function closeTarget(target: HotPathTarget): void {
  target.listeners.forEach((l) => l.socket.terminate());
}

export const headlineFile = (baseDir: string) => path.join(baseDir, 'cg_output', 'headline.txt');
export type { Summary };
