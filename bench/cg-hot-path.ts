import fs from 'node:fs';
import path from 'node:path';
import type { ApiClient } from '../server/test/api-client';
import { openListeners } from './sockets';
import { nowMs, summarize, type Summary } from './stats';

/**
 * DESIGN.md §7 / issue 4: 200 live clients connected, 200 sequential update-direct calls; each
 * sample runs from sending the POST until the file holds the text AND all 200 clients got the
 * cg_file_updated event.
 */
export async function benchCgHotPath(api: ApiClient, baseDir: string, clients = 200, writes = 200): Promise<Summary> {
  const listeners = await openListeners(api.baseUrl, api.token!, clients);
  const file = path.join(baseDir, 'cg_output', 'headline.txt');
  const samples: number[] = [];
  for (let i = -20; i < writes; i++) {
    const content = `Bench headline ${i} ${Date.now()}`;
    const started = nowMs();
    const delivered = Promise.all(
      listeners.map((l) => l.next('cg_file_updated', (d) => (d as { content?: string }).content === content)),
    );
    const res = await api.post('/api/cg-files/update-direct', { type: 'headline', content });
    if (res.status !== 200) throw new Error(`update-direct failed: ${res.status}`);
    await delivered;
    if (fs.readFileSync(file, 'utf8') !== content) throw new Error('file does not hold the acknowledged text');
    if (i >= 0) samples.push(nowMs() - started); // the first 20 warm the JIT and caches
  }
  listeners.forEach((l) => l.socket.terminate());
  return summarize(samples);
}
