import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoginResponse } from '../../../shared/contracts/auth';
import { ApiClient } from '../../test/api-client';
import { spawnServer, type SpawnedServer } from '../../test/spawn-server';
import { rawUpload, upload, zipBytes } from './app-version-test-helpers';

const MiB = 1024 * 1024;

/** Resident memory of a process in bytes, from /proc (Linux). */
function rssOf(pid: number): number {
  const kb = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  return Number(kb) * 1024;
}

let server: SpawnedServer;
let client: ApiClient;
beforeAll(async () => {
  server = await spawnServer();
  client = new ApiClient(server.url);
  const login = await client.post<LoginResponse>('/api/auth/login', { username: 'owner', password: 'owner-password' });
  client.token = login.body.token;
});
afterAll(async () => {
  await server.kill();
  fs.rmSync(server.baseDir, { recursive: true, force: true });
});

describe('a 600 MB upload against the 500 MB limit (server as its own process)', () => {
  it('is refused with 413 before the sender finishes, keeps server memory flat and leaves no file', async () => {
    // Warm up: the upload path's code and buffers are loaded before the baseline is taken.
    expect((await upload(client, 'warm.zip', zipBytes(2 * MiB))).status).toBe(201);
    const dir = path.join(server.baseDir, 'data', 'app-versions');
    const filesBefore = fs.readdirSync(dir);
    const baseline = rssOf(server.pid);
    let peak = baseline;
    const sampler = setInterval(() => (peak = Math.max(peak, rssOf(server.pid))), 25);
    const size = 600 * MiB;
    const res = await rawUpload(server.url, client.token ?? '', { size }).finally(() => clearInterval(sampler));
    const end = rssOf(server.pid);
    peak = Math.max(peak, end);
    const growth = peak - baseline;
    console.log(
      `600 MB upload: ${res.status} after ${(res.sentWhenAnswered / MiB).toFixed(0)} MiB sent (of ${size / MiB}); ` +
        `server RSS ${(baseline / MiB).toFixed(1)} → peak ${(peak / MiB).toFixed(1)} MiB (growth ${(growth / MiB).toFixed(1)} MiB), end ${(end / MiB).toFixed(1)} MiB`,
    );
    expect(res.status).toBe(413);
    expect(JSON.parse(res.body)).toEqual({ message: 'File is larger than 500MB' });
    expect(res.sentWhenAnswered).toBeLessThan(size);
    expect(res.sentTotal).toBeLessThan(size);
    expect(growth).toBeLessThan(64 * MiB);
    expect(fs.readdirSync(dir)).toEqual(filesBefore);
    // The server is still well and serving.
    expect((await client.get('/api/health')).status).toBe(200);
  }, 180_000);
});
