import fs from 'node:fs';
import os from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import { HttpError } from '../lib/errors';
import { parentChannel } from '../lib/parent-channel';
import { TASK_DATA_ENV } from '../lib/task-host';
import type { WorkerReply } from '../lib/worker-pool';

/** Nice 10 on Linux; below normal on Windows. */
const TASK_NICE = 10;

/**
 * The loop of one pool thread or task process (server/lib/worker-pool.ts, task-host.ts): a task
 * in, its answer out. An HttpError crosses as its status and message, so the route answers exactly
 * what it would have answered on the main thread.
 *
 * Lower OS priority, so the air thread wins the CPU when both want it (2 cores, a CG write and a
 * 10 000-row check):
 * - a thread on Linux lowers itself (setpriority(0) changes only the calling thread). On Windows
 *   and macOS the same call changes the whole process — air included — so a thread does not make
 *   it there and relies on not sharing the event loop;
 * - a task process (the wires reader) lowers all of itself, its GC threads included, on every OS;
 * - work for air (the outputs thread: `workerData.air`) keeps normal priority everywhere.
 */
export function serveTasks(tasks: Record<string, (payload: never) => unknown>): void {
  const channel = taskChannel();
  if (!channel) throw new Error('This file runs as a worker thread or task process of server/lib/worker-pool.ts');
  // Work for air keeps normal priority.
  if ((channel.data as { air?: boolean } | null)?.air !== true) lowerOwnPriority(channel.kind);
  channel.listen((msg) => {
    void answer(tasks, msg).then((reply) => channel.reply(reply));
  });
}

type Incoming = { id: number; name: string; payload: never };

interface TaskChannel {
  kind: 'thread' | 'process';
  data: unknown;
  listen(onTask: (msg: Incoming) => void): void;
  reply(reply: WorkerReply): void;
}

/** The pool's end: a worker thread's parent port, or a task process's channel (server/lib/task-host.ts). */
function taskChannel(): TaskChannel | null {
  const port = parentPort;
  if (port) return { kind: 'thread', data: workerData, listen: (on) => port.on('message', on), reply: (r) => port.postMessage(r) };
  // A process: forked by the server (Node IPC) or started by the desktop host (electron/main/reader-relay.ts).
  const parent = parentChannel<Incoming, WorkerReply>();
  if (!parent) return null;
  // The server is gone (stopped, crashed, killed): so is its reader.
  parent.onParentGone(() => process.exit(0));
  return { kind: 'process', data: JSON.parse(process.env[TASK_DATA_ENV] ?? 'null'), listen: (on) => parent.onMessage(on), reply: (r) => parent.post(r) };
}

function lowerPriority(tid: number): void {
  try {
    os.setPriority(tid, TASK_NICE);
  } catch {
    // Not allowed in this sandbox, or the thread has ended: it runs at normal priority.
  }
}

function lowerOwnPriority(kind: TaskChannel['kind']): void {
  if (kind === 'process') lowerProcessPriority();
  else if (process.platform === 'linux') lowerPriority(0);
}

/**
 * A task process yields entirely. Windows: the call sets the whole process's class (below
 * normal). Linux: a nice value is per thread, and V8's GC and compiler threads were started before
 * this code ran, so each of the process's threads is lowered; threads started later inherit it.
 */
function lowerProcessPriority(): void {
  if (process.platform !== 'linux') return lowerPriority(0);
  let tids: string[] = [];
  try {
    tids = fs.readdirSync('/proc/self/task');
  } catch {
    // No /proc: only this thread.
  }
  if (tids.length === 0) return lowerPriority(0);
  for (const tid of tids) lowerPriority(Number(tid));
}

async function answer(tasks: Record<string, (payload: never) => unknown>, msg: Incoming): Promise<WorkerReply> {
  try {
    const task = tasks[msg.name];
    if (!task) throw new Error(`No worker task ${msg.name}`);
    return { id: msg.id, ok: true, value: await task(msg.payload) };
  } catch (err) {
    const e = err instanceof Error ? err : new Error(String(err));
    return { id: msg.id, ok: false, error: e instanceof HttpError ? { message: e.message, status: e.status, issues: e.issues } : { message: e.message } };
  }
}
