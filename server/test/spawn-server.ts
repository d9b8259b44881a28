import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { REPO_ROOT } from '../config';

export interface SpawnedServer {
  url: string;
  baseDir: string;
  child: ChildProcess;
  /** Start-up time the server printed ("ready in N ms") and the time from spawn to that line. */
  readyMs: number;
  spawnMs: number;
  kill(signal?: NodeJS.Signals): Promise<void>;
}

/** A free TCP port on loopback (the child needs a fixed one we can connect to). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

/**
 * Runs the headless host (`server/cli.ts`) as its own process — the only way to test what a real
 * crash (SIGKILL) leaves behind. `baseDir` is its working directory: data/ and cg_output/ live there.
 */
export async function spawnServer(baseDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cgb-proc-'))): Promise<SpawnedServer> {
  const port = await freePort();
  const spawnedAt = Date.now();
  const child = spawn(path.join(REPO_ROOT, 'node_modules', '.bin', 'tsx'), [path.join(REPO_ROOT, 'server', 'cli.ts')], {
    cwd: baseDir,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', OWNER_PASSWORD: 'owner-password', LOG_LEVEL: 'error' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const readyMs = await new Promise<number>((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`server did not start: ${out}`)), 15_000);
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const ready = /is running on .*\(ready in (\d+) ms\)/.exec(out);
      if (ready) {
        clearTimeout(timer);
        resolve(Number(ready[1]));
      }
    });
    child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.once('exit', (code) => reject(new Error(`server exited with ${code}: ${out}`)));
  });
  const spawnMs = Date.now() - spawnedAt;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    url: `http://127.0.0.1:${port}`,
    baseDir,
    child,
    readyMs,
    spawnMs,
    kill: async (signal = 'SIGTERM') => {
      child.kill(signal);
      await exited;
    },
  };
}
