import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { makeFolder, withTimeout } from './cg-folder-rules';
import { realPathOf } from './real-path';

const dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'cgb-realpath-')));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('realPathOf (issue 22 point 4)', () => {
  it('names the real folder behind /proc/self/cwd, /proc/self/root and symlinks, existing or not', () => {
    expect(realPathOf(path.join('/proc/self/cwd', 'server'))).toBe(path.join(fs.realpathSync(process.cwd()), 'server'));
    expect(realPathOf(path.join('/proc/self/root', dir, 'not', 'yet'))).toBe(path.join(dir, 'not', 'yet'));
    fs.mkdirSync(path.join(dir, 'target'));
    fs.symlinkSync(path.join(dir, 'target'), path.join(dir, 'link'));
    expect(realPathOf(path.join(dir, 'link', 'new'))).toBe(path.join(dir, 'target', 'new'));
  });

  it('follows a dangling symlink the way mkdir and open would', () => {
    fs.symlinkSync(path.join(dir, 'later'), path.join(dir, 'dangling'));
    expect(realPathOf(path.join(dir, 'dangling', 'cg'))).toBe(path.join(dir, 'later', 'cg'));
  });

  it('stops at a symlink loop instead of spinning', () => {
    fs.symlinkSync(path.join(dir, 'loop-b'), path.join(dir, 'loop-a'));
    fs.symlinkSync(path.join(dir, 'loop-a'), path.join(dir, 'loop-b'));
    expect(typeof realPathOf(path.join(dir, 'loop-a', 'cg'))).toBe('string');
  });
});

describe('file-system probes (issue 22 point 8)', () => {
  it('creates a folder chain without recursive mkdir, which never returns under /proc', async () => {
    await makeFolder(path.join(dir, 'a', 'b', 'c'));
    expect(fs.statSync(path.join(dir, 'a', 'b', 'c')).isDirectory()).toBe(true);
    const started = Date.now();
    await expect(makeFolder('/proc/self/cg-probe/x')).rejects.toMatchObject({ code: 'ENOENT' });
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('gives up on a call that does not answer in time', async () => {
    const never = new Promise<never>(() => undefined);
    await expect(withTimeout(never, 'did not answer', 50)).rejects.toMatchObject({
      message: 'did not answer',
      code: 'ETIMEDOUT',
    });
  });
});
