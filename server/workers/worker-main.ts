import { isMainThread, parentPort, workerData } from 'node:worker_threads';
import { HttpError } from '../lib/errors';
import { parentChannel } from '../lib/parent-channel';
import { TASK_DATA_ENV, type TaskMessage } from '../lib/task-host';
import { isAirWork, lowerOwnPriority } from './task-priority';

/** A kind of job's task table: functions of their payload, no database, no event loop of the server's. */
export type TaskTable = Record<string, (payload: never) => unknown>;

/** What a thread or process answers for one task; an HttpError crosses as its status and message. */
export type WorkerReply =
  | { id: number; ok: true; value: unknown }
  | { id: number; ok: false; error: { message: string; status?: number; issues?: HttpError['issues'] } };

/**
 * A job entry's export for the pool library's threads (server/workers/job-pool.ts): each call is
 * one task of the table, answered as a WorkerReply so that the route answers exactly what it would
 * have answered on the main thread. The thread gives way to air at load (task-priority.ts) unless
 * its work is air (`workerData.air`: the outputs thread); `workerData.idle`: the wires reader's
 * parse thread runs only on an otherwise idle core (Linux).
 */
export function jobHandler(tasks: TaskTable): (msg: TaskMessage) => Promise<WorkerReply> {
  if (!isMainThread && !isAirWork(workerData))
    lowerOwnPriority('thread', (workerData as { idle?: boolean } | null)?.idle === true);
  return (msg) => answer(tasks, msg);
}

/**
 * The loop of a thread or process started by a task host (server/lib/task-host.ts: the CG files
 * thread, the wires reader process): a task in, its answer out, lowered as jobHandler's threads.
 */
export function serveTasks(tasks: TaskTable): void {
  const channel = taskChannel();
  if (!channel) throw new Error('This file runs as a worker thread or task process of server/lib/task-host.ts');
  if (!isAirWork(channel.data))
    lowerOwnPriority(channel.kind, (channel.data as { idle?: boolean } | null)?.idle === true);
  channel.listen((msg) => {
    void answer(tasks, msg).then((reply) => channel.reply(reply));
  });
}

interface TaskChannel {
  kind: 'thread' | 'process';
  data: unknown;
  listen(onTask: (msg: TaskMessage) => void): void;
  reply(reply: WorkerReply): void;
}

/** The host's end: a worker thread's parent port, or a task process's channel (server/lib/task-host.ts). */
function taskChannel(): TaskChannel | null {
  const port = parentPort;
  if (port)
    return {
      kind: 'thread',
      data: workerData,
      listen: (on) => port.on('message', on),
      reply: (r) => port.postMessage(r),
    };
  // A process: forked by the server (Node IPC) or started by the desktop host (electron/main/reader-relay.ts).
  const parent = parentChannel<TaskMessage, WorkerReply>();
  if (!parent) return null;
  // The server is gone (stopped, crashed, killed): so is its reader.
  parent.onParentGone(() => process.exit(0));
  return {
    kind: 'process',
    data: JSON.parse(process.env[TASK_DATA_ENV] ?? 'null'),
    listen: (on) => parent.onMessage(on),
    reply: (r) => parent.post(r),
  };
}

async function answer(tasks: TaskTable, msg: TaskMessage): Promise<WorkerReply> {
  try {
    const task = tasks[msg.name];
    if (!task) throw new Error(`No worker task ${msg.name}`);
    return { id: msg.id, ok: true, value: await task(msg.payload as never) };
  } catch (err) {
    const e = err instanceof Error ? err : new Error(String(err));
    return {
      id: msg.id,
      ok: false,
      error:
        e instanceof HttpError ? { message: e.message, status: e.status, issues: e.issues } : { message: e.message },
    };
  }
}
