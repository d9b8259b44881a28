import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createWiresReader, heavyWorkerEntry } from '../workers/heavy-pool';
import { JobPool } from '../workers/job-pool';
import { HostRunner } from '../workers/job-runners';
import { plainThreadEntry, startPlainProcess } from './thread-bundle';

describe('startPlainProcess (the wires reader from source)', () => {
  it('runs tasks in a process started from the plain build of its entry', async () => {
    const entry = heavyWorkerEntry(import.meta.url);
    const pool = createWiresReader(entry, startPlainProcess);
    try {
      expect(await pool.task('wires.warm', undefined)).toBe(true);
      const [pid] = pool.pids;
      const args = fs.readFileSync(`/proc/${pid!}/cmdline`, 'utf8').split('\0');
      expect(args).toContain(new URL(await plainThreadEntry(entry)).pathname);
      expect(args.some((a) => a.includes('tsx'))).toBe(false);
    } finally {
      await pool.close();
    }
  });

  it('an entry that cannot be built fails its tasks instead of leaving them waiting, and is built again next time', async () => {
    const missing = pathToFileURL(path.resolve('server/workers/no-such-entry.ts'));
    for (let attempt = 0; attempt < 2; attempt++) {
      const pool = new JobPool({
        runner: new HostRunner(() => startPlainProcess(missing, null)),
        slots: 1,
        maxQueue: 1,
        timeoutMs: 30_000,
      });
      await expect(pool.run('echo', 1)).rejects.toThrow(/no-such-entry/);
      await pool.close();
    }
    await expect(plainThreadEntry(missing)).rejects.toThrow(/no-such-entry/);
  });
});
