import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { REPO_ROOT } from '../config';
import { ApiClient } from './api-client';

export interface SpawnedServer {
  url: string;
  port: number;
  baseDir: string;
  child: ChildProcess;
  /** The pid of the server itself (one process: no wrapper in between). */
  pid: number;
  /** Start-up time the server printed ("ready in N ms") and the time from spawn to that line. */
  readyMs: number;
  spawnMs: number;
  /** Signals the server's process group and resolves once the process is proved gone. */
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

/** tsx's loader by absolute URL: the child's working directory is a temp folder without node_modules. */
const TSX_LOADER = pathToFileURL(path.join(REPO_ROOT, 'node_modules', 'tsx', 'dist', 'loader.mjs')).href;

/**
 * Runs the headless host (`server/cli.ts`) as ONE process (`node --import tsx`, not the `tsx`
 * wrapper, which survives a SIGKILL as a parent whose child keeps the port), in its own process
 * group. `baseDir` is its working directory: data/ and cg_output/ live there. `root` is the
 * checkout whose server runs (benches compare another commit's build with this one).
 */
export async function spawnServer(
  baseDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cgb-proc-')),
  env: NodeJS.ProcessEnv = {},
  root = REPO_ROOT,
): Promise<SpawnedServer> {
  const port = await freePort();
  const spawnedAt = Date.now();
  // CGB_SERVER_NODE_ARGS: extra Node flags for the server only, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`
  // (bench/loop-blocks.ts reads the profile; Node refuses --cpu-prof in NODE_OPTIONS).
  const nodeArgs = (process.env.CGB_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, '--import', TSX_LOADER, path.join(root, 'server', 'cli.ts')], {
    cwd: baseDir,
    detached: true,
    // Fake agencies listen on 127.0.0.1 (refused by default: docs/decisions.md "feed addresses"), and
    // the bench's editors press "Poll now" on every feed every few seconds.
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      OWNER_PASSWORD: 'owner-password',
      LOG_LEVEL: 'error',
      NEW_COMPANY_TAKE_MODE: 'off',
      WIRES_ALLOW_LOOPBACK: 'on',
      WIRES_MANUAL_POLLS_PER_MINUTE: '100000',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const pid = child.pid;
  if (pid === undefined) throw new Error('server did not spawn');
  const readyMs = await waitForReady(child).catch(async (err: unknown) => {
    await stopGroup(pid, 'SIGKILL', exited, port);
    throw err;
  });
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    baseDir,
    child,
    pid,
    readyMs,
    spawnMs: Date.now() - spawnedAt,
    kill: (signal = 'SIGTERM') => stopGroup(pid, signal, exited, port),
  };
}

function waitForReady(child: ChildProcess): Promise<number> {
  return new Promise<number>((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`server did not start: ${out}`)), 15_000);
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const ready = /is running on .*\(ready in (\d+) ms\)/.exec(out);
      if (ready) {
        clearTimeout(timer);
        resolve(Number(ready[1]));
      }
    });
    child.stderr?.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}: ${out}`));
    });
  });
}

/** True while a process with this pid exists (signal 0 only checks). */
/** The first-run owner of a spawned server (its OWNER_PASSWORD above), signed in. */
export async function signedInOwner(server: Pick<SpawnedServer, 'url'>): Promise<ApiClient> {
  const api = new ApiClient(server.url);
  const res = await api.post<{ token: string }>('/api/auth/login', { username: 'owner', password: 'owner-password' });
  if (res.status !== 200) throw new Error(`login failed: ${res.status}`);
  api.token = res.body.token;
  return api;
}

export function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Polls until the pid is gone (a killed process may take a moment to be reaped). */
export async function waitGone(pid: number, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (pidAlive(pid)) {
    if (Date.now() > deadline) throw new Error(`pid ${pid} still running after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** Resolves true when nothing accepts connections on the port any more. */
export function portRefuses(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(true));
  });
}

async function stopGroup(pid: number, signal: NodeJS.Signals, exited: Promise<void>, port: number): Promise<void> {
  try {
    process.kill(-pid, signal);
  } catch {
    // The group is already gone.
  }
  await exited;
  const deadline = Date.now() + 5000;
  while (pidAlive(pid) || !(await portRefuses(port))) {
    if (Date.now() > deadline)
      throw new Error(`server pid ${pid} survived ${signal} (port ${port} still open or pid alive)`);
    await new Promise((r) => setTimeout(r, 20));
  }
}
