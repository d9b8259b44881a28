import os from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import { HttpError } from '../lib/errors';
import type { WorkerReply } from '../lib/worker-pool';

/**
 * The loop of one pool thread (server/lib/worker-pool.ts): a task in, its answer out. An
 * HttpError crosses as its status and message, so the route answers exactly what it would have
 * answered on the main thread.
 *
 * Lower OS priority: on Linux setpriority(0) changes only the calling thread, so the air thread
 * wins the CPU when both want it (2 cores, a CG write and a 10 000-row check). On Windows and
 * macOS the same call changes the whole process — air included — so it is not made there; those
 * workers run at normal priority and rely on not sharing the event loop. A thread that works for
 * air (the outputs thread: `workerData.air`) keeps normal priority everywhere.
 */
export function serveTasks(tasks: Record<string, (payload: never) => unknown>): void {
  const port = parentPort;
  if (!port) throw new Error('This file runs as a worker thread of server/lib/worker-pool.ts');
  if (process.platform === 'linux' && (workerData as { air?: boolean } | null)?.air !== true) {
    try {
      os.setPriority(10);
    } catch {
      // Not allowed in this sandbox: run at normal priority.
    }
  }
  port.on('message', (msg: { id: number; name: string; payload: never }) => {
    void answer(tasks, msg).then((reply) => port.postMessage(reply));
  });
}

async function answer(tasks: Record<string, (payload: never) => unknown>, msg: { id: number; name: string; payload: never }): Promise<WorkerReply> {
  try {
    const task = tasks[msg.name];
    if (!task) throw new Error(`No worker task ${msg.name}`);
    return { id: msg.id, ok: true, value: await task(msg.payload) };
  } catch (err) {
    const e = err instanceof Error ? err : new Error(String(err));
    return { id: msg.id, ok: false, error: e instanceof HttpError ? { message: e.message, status: e.status, issues: e.issues } : { message: e.message } };
  }
}
