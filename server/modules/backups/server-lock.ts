import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

/**
 * `data/server.lock`: the running server's pid and port. The restore command refuses while the
 * process named is alive — swapping the store under a running server would
 * lose every write it makes after the swap. A lock left by kill -9 names a dead pid and is ignored.
 */
const LOCK_FILE = 'server.lock';
const lockSchema = z.object({ pid: z.number(), port: z.number(), startedAt: z.string() });

export function writeServerLock(dataDir: string, port: number): () => void {
  const file = path.join(dataDir, LOCK_FILE);
  fs.writeFileSync(file, JSON.stringify({ pid: process.pid, port, startedAt: new Date().toISOString() }));
  return () => {
    const held = readLock(dataDir);
    if (held?.pid === process.pid) fs.rmSync(file, { force: true });
  };
}

function readLock(dataDir: string): z.infer<typeof lockSchema> | null {
  try {
    const parsed = lockSchema.safeParse(JSON.parse(fs.readFileSync(path.join(dataDir, LOCK_FILE), 'utf8')));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/** Why the store in `dataDir` is in use by a running server, or null. */
export function serverRunningProblem(dataDir: string, then = 'restore'): string | null {
  const lock = readLock(dataDir);
  if (!lock || lock.pid === process.pid) return null;
  if (alive(lock.pid)) {
    return `CG Bridge is running (process ${lock.pid}, port ${lock.port}) on this data folder. Stop it first (quit the app, or stop the service), then ${then}.`;
  }
  return null;
}
