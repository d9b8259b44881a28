import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import type { CgFile } from '../../../shared/contracts/cg-files';
import { loginDevOwner } from '../../test/factories';
import { startTestServer } from '../../test/test-server';
import { replaceCgFiles, WRITE_ABANDONED, WRITE_COMMITTING, WRITE_PENDING } from '../../workers/cg-file-io';
import { plainThreadEntry } from '../../lib/thread-bundle';
import { CgWriteError } from './atomic-write';
import { CG_FILE_PATIENCE_MS, CgFileThread, cgFileWorkerEntry } from './cg-file-thread';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cgb-cg-thread-'));
const threads: CgFileThread[] = [];
afterAll(async () => {
  await Promise.all(threads.map((t) => t.close()));
  fs.rmSync(dir, { recursive: true, force: true });
});

/** A thread whose file calls hang while `.hang` is in the folder (server/test/cg-file-hang-worker.ts). */
const HANG_ENTRY = pathToFileURL(path.resolve('server/test/cg-file-hang-worker.ts'));
const thread = (entry?: URL, patienceMs?: number) => {
  const t = new CgFileThread(entry, patienceMs);
  threads.push(t);
  return t;
};
const folder = (name: string) => {
  const f = path.join(dir, name);
  fs.mkdirSync(f, { recursive: true });
  return f;
};
const temps = (f: string) => fs.readdirSync(f).filter((n) => n.endsWith('.tmp'));
const durable = (p: string, content: string) => ({ path: p, content, durable: true });

describe('the CG files thread', () => {
  it('is the source file under tsx and cg-file-worker.js beside the built server in the desktop bundle', () => {
    expect(fs.existsSync(cgFileWorkerEntry(pathToFileURL(path.resolve('server/desktop-entry.ts')).href))).toBe(true);
    expect(cgFileWorkerEntry(pathToFileURL(path.resolve('out/main/server.js')).href).href).toBe(
      pathToFileURL(path.resolve('out/main/cg-file-worker.js')).href,
    );
  });

  it('runs, from source, a plain-JavaScript build of its entry (no tsx in the thread), built once per process', async () => {
    const built = await plainThreadEntry(cgFileWorkerEntry());
    expect(built.pathname).toMatch(/\/node_modules\/\.cache\/cg-bridge\/cg-file-worker-[0-9a-f]{16}\.mjs$/);
    expect(fs.existsSync(built)).toBe(true);
    expect(plainThreadEntry(cgFileWorkerEntry())).toBe(plainThreadEntry(cgFileWorkerEntry()));
  });

  it('replaces every file of a write there, with exactly the text and no temp file left', async () => {
    const t = thread();
    const f = folder('plain');
    await t.replace([
      durable(path.join(f, 'headline.txt'), 'ހެޑްލައިން'),
      { path: path.join(f, 'cg.json'), content: '{"a":1}', durable: false },
    ]);
    expect(fs.readFileSync(path.join(f, 'headline.txt'), 'utf8')).toBe('ހެޑްލައިން');
    expect(fs.readFileSync(path.join(f, 'cg.json'), 'utf8')).toBe('{"a":1}');
    expect(temps(f)).toEqual([]);
    expect([t.answered, t.threads]).toEqual([1, 1]);
  });

  it('puts none of a write on air when one of its files cannot be written, naming that file', async () => {
    const t = thread();
    const f = folder('half');
    await t.replace([durable(path.join(f, 'headline.txt'), 'old')]);
    const err = (await t
      .replace([durable(path.join(f, 'headline.txt'), 'new'), durable(path.join(f, 'gone', 'ticker.txt'), 'x')])
      .catch((e: unknown) => e)) as CgWriteError;
    expect(err).toBeInstanceOf(CgWriteError);
    expect([err.code, err.message]).toEqual(['ENOENT', 'Could not write ticker.txt (ENOENT)']);
    expect(fs.readFileSync(path.join(f, 'headline.txt'), 'utf8')).toBe('old');
    expect(temps(f)).toEqual([]);
  });

  it('keeps 300 writes of one file sent at once in order: every one answers, the last sent is on air', async () => {
    const t = thread();
    const f = folder('burst');
    const file = path.join(f, 'headline.txt');
    await Promise.all(Array.from({ length: 300 }, (_, i) => t.replace([durable(file, `Headline ${i}`)])));
    expect(fs.readFileSync(file, 'utf8')).toBe('Headline 299');
    expect(temps(f)).toEqual([]);
  });

  it('fails a write now when the folder stops answering, never lands it later, and writes again on a new thread', async () => {
    const t = thread(HANG_ENTRY, 300);
    const f = folder('hung');
    const file = path.join(f, 'headline.txt');
    await t.replace([durable(file, 'Earlier')]);
    await t.replace([durable(file, 'On air')]);
    expect(t.answered).toBe(2);
    // The folder hangs until `.hang` goes, and it goes only after the answer: the answer is the
    // thread's patience running out, never the folder coming back.
    fs.writeFileSync(path.join(f, '.hang'), '');
    const err = (await t.replace([durable(file, 'Given up')]).catch((e: unknown) => e)) as CgWriteError;
    expect(err.message).toBe('Could not write headline.txt: the folder did not answer within 0.3 s');
    expect(fs.existsSync(path.join(f, '.hang'))).toBe(true);
    // The drive answers again: the stuck thread finishes its call and discards the write it was given up on.
    fs.rmSync(path.join(f, '.hang'));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(temps(f)).toEqual([]);
    expect(fs.readFileSync(file, 'utf8')).toBe('On air');
    await t.replace([durable(file, 'Next')]);
    expect(fs.readFileSync(file, 'utf8')).toBe('Next');
    expect(t.answered).toBe(1); // the first write of a new thread
  });
});

describe('the thread side of a write given up on (server/workers/cg-file-io.ts)', () => {
  it('discards its temp files instead of renaming when the air thread gave up first, and renames when it did not', async () => {
    const f = folder('state');
    const file = path.join(f, 'headline.txt');
    fs.writeFileSync(file, 'On air');
    const state = (value: number) => new Int32Array(new SharedArrayBuffer(4)).fill(value);
    expect(await replaceCgFiles({ files: [durable(file, 'Given up')], state: state(WRITE_ABANDONED) })).toEqual([
      { ok: false, code: 'ETIMEDOUT' },
    ]);
    expect([fs.readFileSync(file, 'utf8'), temps(f)]).toEqual(['On air', []]);
    const pending = state(WRITE_PENDING);
    expect(await replaceCgFiles({ files: [durable(file, 'Landed')], state: pending })).toEqual([{ ok: true }]);
    expect([fs.readFileSync(file, 'utf8'), pending[0]]).toEqual(['Landed', WRITE_COMMITTING]);
  });
});

describe('a CG write whose folder stops answering', () => {
  it(`answers 503 within ${CG_FILE_PATIENCE_MS / 1000} s with the reason, commits nothing, and the next write goes on air`, async () => {
    const server = await startTestServer({ cgFileWorkerEntry: HANG_ENTRY });
    try {
      const dev = await loginDevOwner(server);
      expect((await dev.post('/api/cg-files/update-direct', { type: 'headline', content: 'On air now' })).status).toBe(
        200,
      );
      const flag = path.join(server.baseDir, 'cg_output', '.hang');
      // The folder still hangs when the answer comes: it is the 3 s patience, not the folder, that answers.
      fs.writeFileSync(flag, '');
      const res = await dev.post<{ message: string }>('/api/cg-files/update-direct', {
        type: 'headline',
        content: 'Never aired',
      });
      expect(res.status).toBe(503);
      expect(res.body.message).toMatch(
        /^CG output could not be written: Could not write headline\.txt: the folder did not answer within 3 s\./,
      );
      expect(fs.existsSync(flag)).toBe(true);
      const list = await dev.get<CgFile[]>('/api/cg-files');
      expect(list.body.find((f) => f.type === 'headline')?.content).toBe('On air now');
      fs.rmSync(flag);
      expect((await dev.post('/api/cg-files/update-direct', { type: 'headline', content: 'Back' })).status).toBe(200);
      await server.services.cgFiles.flush();
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(fs.readFileSync(path.join(server.baseDir, 'cg_output', 'headline.txt'), 'utf8')).toBe('Back');
    } finally {
      await server.close();
    }
  }, 20_000);
});
