import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, onTestFinished } from 'vitest';
import { CG_WRITE_RETRY_BUDGET_MS } from '../../../shared/constants';
import { CgWriteError, writeFileAtomic, type FsOps } from './atomic-write';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cgb-atomic-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** A rename that fails like Windows does while vMix holds the file, `failures` times. */
function lockedFor(failures: number, code = 'EBUSY'): FsOps & { calls: number } {
  const ops = {
    calls: 0,
    async rename(from: string, to: string) {
      ops.calls += 1;
      if (ops.calls <= failures) throw Object.assign(new Error('locked'), { code });
      await fsp.rename(from, to);
    },
  };
  return ops;
}

describe('writeFileAtomic', () => {
  it('replaces the file with exactly the text and leaves no temp files', async () => {
    const file = path.join(dir, 'headline.txt');
    await writeFileAtomic(file, 'first');
    await writeFileAtomic(file, 'second');
    expect(fs.readFileSync(file, 'utf8')).toBe('second');
    expect(fs.readdirSync(dir).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });

  it('retries a locked target (EPERM/EBUSY/EACCES) and succeeds when the lock goes', async () => {
    const file = path.join(dir, 'subheadline.txt');
    for (const code of ['EPERM', 'EBUSY', 'EACCES']) {
      const ops = lockedFor(3, code);
      await writeFileAtomic(file, `after ${code}`, ops);
      expect(ops.calls).toBe(4);
      expect(fs.readFileSync(file, 'utf8')).toBe(`after ${code}`);
    }
  });

  it('gives up within the retry budget with a CgWriteError, keeping the old text and no temp file', async () => {
    const file = path.join(dir, 'emergency.txt');
    await writeFileAtomic(file, 'old');
    const started = Date.now();
    await expect(writeFileAtomic(file, 'new', lockedFor(Infinity))).rejects.toBeInstanceOf(CgWriteError);
    expect(Date.now() - started).toBeLessThanOrEqual(CG_WRITE_RETRY_BUDGET_MS + 300);
    expect(fs.readFileSync(file, 'utf8')).toBe('old');
    expect(fs.readdirSync(dir).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });

  it('does not retry errors that will not go away', async () => {
    const ops = lockedFor(Infinity, 'ENOSPC');
    await expect(writeFileAtomic(path.join(dir, 'x.txt'), 'x', ops)).rejects.toThrow(/ENOSPC/);
    expect(ops.calls).toBe(1);
  });
});

describe('CgWriter.writeSnapshot', () => {
  it('coalesces a burst into the newest snapshot and never leaves a partial cg.json', async () => {
    const { CgWriter } = await import('./cg-writer');
    const { CgFileThread } = await import('./cg-file-thread');
    const thread = new CgFileThread();
    onTestFinished(() => thread.close());
    const writer = new CgWriter(thread);
    const folder = path.join(dir, 'json');
    fs.mkdirSync(folder);
    const burst = Array.from({ length: 50 }, (_, i) => writer.writeSnapshot(folder, { headline: `v${i}` }));
    await Promise.all(burst);
    expect(JSON.parse(fs.readFileSync(path.join(folder, 'cg.json'), 'utf8'))).toEqual({ headline: 'v49' });
  });
});
