import { fork } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker, type Transferable } from 'node:worker_threads';
import { lowerStartedProcess } from '../workers/task-priority';

/** One message to a task host: a task's id, name and payload (server/workers/worker-main.ts answers it). */
export interface TaskMessage {
  id: number;
  name: string;
  payload: unknown;
}

/**
 * Where a task host's tasks run (server/workers/job-runners.ts HostRunner): a worker thread of the
 * server's process, or a Node process of its own. Both speak the same messages; the runner does not
 * tell them apart.
 */
export interface TaskHost {
  /** The process's id when the host is a process this server started (tests, diagnostics). */
  readonly pid?: number;
  post(message: TaskMessage, transfer: Transferable[]): void;
  /** Replies, then one failure when the host dies (a crash, out of memory, killed). */
  listen(onReply: (reply: unknown) => void, onGone: (err: Error) => void): void;
  /** Stops the host and resolves when it is gone. */
  stop(): Promise<void>;
}

/** Starts a host for a pool's entry file: a thread, a process, or the desktop host's relayed process. */
export type HostStarter = (entry: URL, workerData: unknown) => TaskHost;

const tsxDir = () => path.dirname(createRequire(import.meta.url).resolve('tsx/package.json'));

/**
 * A .ts entry (tests, `npm start`, benches) loads through tsx: a worker does not take over the
 * parent's `--import tsx` hooks on Node 20, so a two-line bootstrap registers them in the thread
 * first. A .js entry (the desktop bundle) is loaded as is. `execArgv`: the thread's Node flags, when
 * not the process's (a plain-JavaScript entry started from source needs no `--import tsx`; leaving it out saves ~10 MB).
 */
export function startThread(entry: URL, workerData: unknown, execArgv?: string[]): TaskHost {
  let worker: Worker;
  if (!entry.pathname.endsWith('.ts')) worker = new Worker(entry, { workerData, ...(execArgv ? { execArgv } : {}) });
  else {
    const tsxApi = pathToFileURL(path.join(tsxDir(), 'dist/esm/api/index.mjs')).href;
    const boot = `import(${JSON.stringify(tsxApi)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(entry.href)}); });`;
    worker = new Worker(boot, { eval: true, workerData });
  }
  return {
    post: (message, transfer) => worker.postMessage(message, transfer),
    listen(onReply, onGone) {
      worker.on('message', onReply);
      worker.on('error', onGone);
      worker.on('exit', (code) => onGone(new Error(`Worker stopped (exit code ${code})`)));
    },
    stop: async () => {
      await worker.terminate();
    },
  };
}

/** The environment variable that carries a task process's workerData (worker-main.ts reads it). */
export const TASK_DATA_ENV = 'CGB_TASK_DATA';

/**
 * A Node child process (IPC with structured clone). Its own process, so its own V8 heap and GC
 * threads: lowered in priority, all of it yields to the air thread — a worker thread shares the
 * server's GC helper threads, which run at the server's priority (issue 26). The child ends when
 * the server's end of the channel closes (worker-main.ts), so a killed server leaves no reader.
 * Not in the desktop host: its utilityProcess cannot start Node (the RunAsNode fuse is off), so the
 * host starts the process for it (server/desktop-reader.ts).
 */
export function startProcess(entry: URL, workerData: unknown): TaskHost {
  const file = fileURLToPath(entry);
  const execArgv = file.endsWith('.ts') ? ['--import', pathToFileURL(path.join(tsxDir(), 'dist/loader.mjs')).href] : [];
  const child = fork(file, [], {
    execArgv,
    serialization: 'advanced',
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    env: { ...process.env, [TASK_DATA_ENV]: JSON.stringify(workerData ?? null) },
  });
  // As it will lower itself (worker-main.ts), but from its start on.
  lowerStartedProcess(child.pid, workerData);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    pid: child.pid,
    post: (message) => child.send(message),
    listen(onReply, onGone) {
      child.on('message', onReply);
      child.on('error', onGone);
      child.on('exit', (code, signal) => onGone(new Error(`Task process stopped (${signal ?? `exit code ${code}`})`)));
    },
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill();
      await exited;
    },
  };
}
