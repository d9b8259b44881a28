import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { DurableFile, syncFolder } from './durable-file';
import { OnAirGate } from './on-air-gate';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cgb-durable-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const MB = 1024 * 1024;
/** `total` bytes in 64 KB chunks, as a socket delivers an upload; each chunk its own fill. */
const chunks = (total: number) =>
  Array.from({ length: total / (64 * 1024) }, (_, i) => Buffer.alloc(64 * 1024, i % 251));

describe('DurableFile', () => {
  it('writes every byte and flushes each step to disk as it goes, not only at the end', async () => {
    const file = path.join(dir, 'steps.bin');
    const parts = chunks(5 * MB);
    const out = new DurableFile(file, { stepBytes: MB });
    await pipeline(Readable.from(parts), out);
    expect(fs.readFileSync(file).equals(Buffer.concat(parts))).toBe(true);
    // Five full steps; the end has nothing left to flush.
    expect(out.syncs).toBe(5);
  });

  it('flushes the rest at the end, before finish', async () => {
    const file = path.join(dir, 'tail.bin');
    const out = new DurableFile(file, { stepBytes: 4 * MB });
    await pipeline(Readable.from(chunks(MB)), out);
    expect([out.syncs, fs.statSync(file).size]).toEqual([1, MB]);
  });

  it('holds a step while an on-air write runs: the stream waits, nothing is flushed until the write is done', async () => {
    const gate = new OnAirGate();
    let endWrite = () => {};
    const write = gate.run(() => new Promise<void>((resolve) => (endWrite = resolve)));
    const out = new DurableFile(path.join(dir, 'held.bin'), { onAir: gate, stepBytes: MB });
    let finished = false;
    const writing = pipeline(Readable.from(chunks(2 * MB)), out).then(() => (finished = true));
    await new Promise((r) => setTimeout(r, 300));
    expect([out.syncs, finished]).toEqual([0, false]);
    endWrite();
    await Promise.all([write, writing]);
    expect(out.syncs).toBe(2);
  });

  it('never overwrites a file that exists: the stream fails with EEXIST and the file is untouched', async () => {
    const file = path.join(dir, 'taken.bin');
    fs.writeFileSync(file, 'kept');
    await expect(pipeline(Readable.from(chunks(MB)), new DurableFile(file))).rejects.toMatchObject({ code: 'EEXIST' });
    expect(fs.readFileSync(file, 'utf8')).toBe('kept');
  });

  it('syncs a folder after a rename into it', async () => {
    fs.writeFileSync(path.join(dir, 'a.part'), 'x');
    fs.renameSync(path.join(dir, 'a.part'), path.join(dir, 'a'));
    await expect(syncFolder(dir)).resolves.toBeUndefined();
    await expect(syncFolder(path.join(dir, 'missing'))).rejects.toMatchObject({ code: 'ENOENT' });
  });
});
