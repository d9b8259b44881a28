import { parentPort, workerData } from 'node:worker_threads';
import { HttpError } from '../lib/errors';
import { parentChannel } from '../lib/parent-channel';
import { TASK_DATA_ENV } from '../lib/task-host';
import type { WorkerReply } from '../lib/worker-pool';
import { isAirWork, lowerOwnPriority } from './task-priority';

/**
 * The loop of one pool thread or task process (server/lib/worker-pool.ts, task-host.ts): a task
 * in, its answer out. An HttpError crosses as its status and message, so the route answers exactly
 * what it would have answered on the main thread.
 *
 * Lower OS priority, so the air thread wins the CPU when both want it (task-priority.ts); work for
 * air (the outputs thread: `workerData.air`) keeps normal priority everywhere; the wires reader's
 * parse thread (`workerData.idle`) runs only on an otherwise idle core (Linux).
 */
export function serveTasks(tasks: Record<string, (payload: never) => unknown>): void {
  const channel = taskChannel();
  if (!channel) throw new Error('This file runs as a worker thread or task process of server/lib/worker-pool.ts');
  if (!isAirWork(channel.data)) lowerOwnPriority(channel.kind, (channel.data as { idle?: boolean } | null)?.idle === true);
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
