import { spawn } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { REPO_ROOT } from '../server/config';
import { ApiClient } from '../server/test/api-client';
import { nowMs, summarize, type Summary } from './stats';

/** The most expensive reads a signed-in cameraman can ask for. */
const HEAVY_READS = [
  '/api/news',
  '/api/news?status=approved',
  '/api/news?status=draft&page=1&limit=100',
  '/api/cg-files',
  '/api/bulletins',
  '/api/dashboard/stats',
];

/** `count` signed-in cameramen (the least-privileged staff who may read these lists). */
export async function readerTokens(api: ApiClient, count: number): Promise<string[]> {
  const tokens: string[] = [];
  for (let i = 0; i < count; i++) {
    const username = `bench-cam-${Date.now()}-${i}`;
    const res = await api.post('/api/users', {
      username,
      password: 'bench-password',
      fullName: `Cameraman ${i}`,
      role: 'cameraman',
    });
    if (res.status !== 201) throw new Error(`create reader failed: ${res.status}`);
    const login = await new ApiClient(api.baseUrl).post<{ token: string }>('/api/auth/login', {
      username,
      password: 'bench-password',
    });
    tokens.push(login.body.token);
  }
  return tokens;
}

/** Starts the readers in their own process, so their work is not the measuring client's. */
export async function startReaders(url: string, tokens: string[], paths: readonly string[] = HEAVY_READS) {
  const loader = pathToFileURL(path.join(REPO_ROOT, 'node_modules', 'tsx', 'dist', 'loader.mjs')).href;
  const child = spawn(process.execPath, [
    '--import',
    loader,
    path.join(REPO_ROOT, 'bench', 'reader-loop.ts'),
    url,
    tokens.join(','),
    ...paths,
  ]);
  let out = '';
  child.stdout.on('data', (c: Buffer) => (out += c.toString()));
  await new Promise<void>((resolve) => child.stdout.once('data', () => resolve()));
  return async (): Promise<Record<string, number>> => {
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill('SIGTERM');
    await exited;
    return JSON.parse(out.split('\n').filter(Boolean).pop() ?? '{}') as Record<string, number>;
  };
}

async function writes(api: ApiClient, n: number, label: string): Promise<number[]> {
  const samples: number[] = [];
  for (let i = 0; i < n; i++) {
    const started = nowMs();
    const res = await api.post('/api/cg-files/update-direct', { type: 'infoline', content: `${label} ${i}` });
    if (res.status !== 200) throw new Error(`CG write failed: ${res.status}`);
    samples.push(nowMs() - started);
    await new Promise((r) => setTimeout(r, 20));
  }
  return samples;
}

/**
 * Issue 9 §5: an operator's CG write while 8 signed-in users loop the heaviest reads, against
 * the same writes with nobody reading — alternating quiet and loaded blocks in one run.
 */
export async function benchAbusiveReaders(api: ApiClient, blocks = 3, perBlock = 100) {
  const tokens = await readerTokens(api, 8);
  const quiet: number[] = [];
  const loaded: number[] = [];
  const reads: Record<string, number> = {};
  for (let b = 0; b < blocks; b++) {
    quiet.push(...(await writes(api, perBlock, 'Quiet')));
    const stop = await startReaders(api.baseUrl, tokens);
    await new Promise((r) => setTimeout(r, 300)); // the readers are in full swing
    loaded.push(...(await writes(api, perBlock, 'Loaded')));
    for (const [status, count] of Object.entries(await stop())) reads[status] = (reads[status] ?? 0) + count;
  }
  return { quiet: summarize(quiet), loaded: summarize(loaded), reads };
}
export type { Summary };
