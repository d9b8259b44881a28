import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { REPO_ROOT } from '../server/config';
import { ApiClient } from '../server/test/api-client';
import { openListeners } from './sockets';
import { nowMs, summarize, type Summary } from './stats';

/** The same 200-client, 200-write measurement against the bare model (bench/bare-model.ts). */
export async function benchBareModel(clients = 200, writes = 200): Promise<Summary> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cgb-bare-'));
  const child = spawn(path.join(REPO_ROOT, 'node_modules', '.bin', 'tsx'), [path.join(REPO_ROOT, 'bench', 'bare-model.ts'), dir]);
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout.on('data', (c: Buffer) => {
      const m = /on (http:\/\/\S+)/.exec(c.toString());
      if (m?.[1]) resolve(m[1]);
    });
    child.once('exit', () => reject(new Error('bare model exited')));
  });
  const listeners = await openListeners(url, 'unused', clients);
  const api = new ApiClient(url);
  const samples: number[] = [];
  for (let i = -20; i < writes; i++) {
    const content = `Bare headline ${i} ${Date.now()}`;
    const started = nowMs();
    const delivered = Promise.all(listeners.map((l) => l.next('cg_file_updated', (d) => (d as { content?: string }).content === content)));
    await api.post('/api/cg-files/update-direct', { type: 'headline', content });
    await delivered;
    if (i >= 0) samples.push(nowMs() - started);
  }
  listeners.forEach((l) => l.socket.terminate());
  child.kill();
  fs.rmSync(dir, { recursive: true, force: true });
  return summarize(samples);
}
