import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { REPO_ROOT } from '../../server/config';
import { waitGone } from '../../server/test/spawn-server';

export { waitGone };

/** One `STANDIN {json}` line: something the host did through the stand-in electron module. */
export interface HostEvent {
  event: string;
  [key: string]: unknown;
}

export interface DesktopHost {
  pid: number;
  userData: string;
  events: HostEvent[];
  /** Resolves with the first event (from `from` on) matching; rejects after timeoutMs or on exit. */
  waitFor(event: string, match?: (e: HostEvent) => boolean, timeoutMs?: number, from?: number): Promise<HostEvent>;
  /** Resolves with the host's exit code. */
  exited: Promise<number | null>;
  output(): string;
  /** SIGKILLs the host's whole process group (cleanup after a failure). */
  killGroup(): void;
}

const REGISTER = path.join(REPO_ROOT, 'electron', 'test-support', 'register-stand-in.mjs');

/**
 * Runs a BUILT main bundle (default out/main/index.js) under plain Node with the stand-in
 * `electron` module, in its own process group so a failed test can stop it and the server
 * child it forked in one go.
 */
export function startDesktopHost(
  options: { main?: string; cwd?: string; env?: NodeJS.ProcessEnv; userData?: string } = {},
): DesktopHost {
  const userData = options.userData ?? fs.mkdtempSync(path.join(os.tmpdir(), 'cgb-desktop-'));
  const main = options.main ?? path.join(REPO_ROOT, 'out', 'main', 'index.js');
  const child: ChildProcess = spawn(process.execPath, ['--import', REGISTER, main], {
    cwd: options.cwd ?? REPO_ROOT,
    detached: true,
    env: {
      ...process.env,
      CGB_STANDIN_USERDATA: userData,
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  if (child.pid === undefined) throw new Error('desktop host did not spawn');
  const events: HostEvent[] = [];
  let text = '';
  let pending = '';
  let exitCode: number | null | undefined;
  const listeners = new Set<() => void>();
  const notify = () => listeners.forEach((l) => l());
  child.stdout?.on('data', (chunk: Buffer) => {
    text += chunk.toString();
    pending += chunk.toString();
    const lines = pending.split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) if (line.startsWith('STANDIN ')) events.push(JSON.parse(line.slice(8)) as HostEvent);
    notify();
  });
  child.stderr?.on('data', (chunk: Buffer) => (text += chunk.toString()));
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => {
      exitCode = code;
      notify();
      resolve(code);
    }),
  );
  const pid = child.pid;
  return {
    pid,
    userData,
    events,
    exited,
    output: () => text,
    killGroup: () => {
      try {
        process.kill(-pid, 'SIGKILL');
      } catch {
        // already gone
      }
    },
    waitFor: (event, match = () => true, timeoutMs = 20_000, from = 0) =>
      new Promise<HostEvent>((resolve, reject) => {
        const check = () => {
          const found = events.slice(from).find((e) => e.event === event && match(e));
          if (found) return done(() => resolve(found));
          if (exitCode !== undefined)
            done(() => reject(new Error(`host exited (${exitCode}) before ${event}:\n${text}`)));
        };
        const timer = setTimeout(
          () => done(() => reject(new Error(`no ${event} within ${timeoutMs} ms:\n${text}`))),
          timeoutMs,
        );
        const done = (settle: () => void) => {
          clearTimeout(timer);
          listeners.delete(check);
          settle();
        };
        listeners.add(check);
        check();
      }),
  };
}

/** Polls GET /api/health until it answers 200. */
export async function waitHealthy(url: string, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await fetch(`${url}/api/health`).catch(() => null);
    if (res?.ok) return;
    if (Date.now() > deadline) throw new Error(`${url}/api/health did not answer within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Logs in over HTTP as the real UI does; returns the session token. */
export async function login(url: string, username: string, password: string): Promise<string> {
  const res = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  if (!res.ok) throw new Error(`login answered ${res.status}: ${await res.text()}`);
  return ((await res.json()) as { token: string }).token;
}

/** The first-run owner credentials, read from the dialog the host showed. */
export function firstRunCredentials(detail: string): { username: string; password: string } {
  const username = /Username: (\S+)/.exec(detail)?.[1];
  const password = /Password: (\S+)/.exec(detail)?.[1];
  if (!username || !password) throw new Error(`no credentials in first-run dialog: ${detail}`);
  return { username, password };
}

/** The window's address and the first-run owner of a host just started (from its first-run box). */
export async function firstRunOwner(host: DesktopHost): Promise<{ url: string; username: string; password: string }> {
  const { url } = await host.waitFor('loadURL');
  const dialog = await host.waitFor('dialog.showMessageBox', (e) => JSON.stringify(e).includes('first run'));
  return { url: String(url), ...firstRunCredentials((dialog.options as { detail: string }).detail) };
}
