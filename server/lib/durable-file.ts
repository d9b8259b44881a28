import fs from 'node:fs';
import { Writable } from 'node:stream';
import type { OnAirGate } from './on-air-gate';
import { afterAir } from './time-slices';

/** How much of a streamed file may wait in the page cache before it is flushed to disk. */
const DURABLE_STEP_BYTES = 1024 * 1024;

export interface DurableFileOptions {
  /** Each flush waits for an on-air write in progress to finish first. */
  onAir?: OnAirGate;
  stepBytes?: number;
}

/**
 * A new file (`wx`) written as it streams in and flushed to disk every `stepBytes` (fdatasync on
 * libuv's pool), and once more before 'finish'. Written through the page cache alone, a 500 MB
 * installer was not on disk when the server answered "saved" — a power cut in the next ~30 s lost
 * it while its row said it existed — and the kernel later wrote it back all at once: on the bench
 * VM 780 MB in one second, and every CG write's fsync in that second queued behind it (a 135 ms CG
 * write; docs/performance.md, "Installer uploads reach the disk in steps"). In steps, the disk never holds more than one step of the
 * file ahead of an on-air fsync.
 */
export class DurableFile extends Writable {
  private handle: fs.promises.FileHandle | null = null;
  private unsynced = 0;
  /** Flushes done so far (tests: the file reached the disk in steps, not at the end). */
  syncs = 0;

  constructor(
    private readonly file: string,
    private readonly options: DurableFileOptions = {},
  ) {
    super();
  }

  override _construct(done: (err?: Error | null) => void): void {
    fs.promises.open(this.file, 'wx').then((handle) => {
      this.handle = handle;
      done();
    }, done);
  }

  override _write(chunk: Buffer, _encoding: BufferEncoding, done: (err?: Error | null) => void): void {
    this.append(chunk).then(() => done(), done);
  }

  override _final(done: (err?: Error | null) => void): void {
    this.flush().then(() => done(), done);
  }

  override _destroy(err: Error | null, done: (err?: Error | null) => void): void {
    const handle = this.handle;
    this.handle = null;
    if (!handle) return done(err);
    handle.close().then(
      () => done(err),
      () => done(err),
    );
  }

  private async append(chunk: Buffer): Promise<void> {
    for (let at = 0; at < chunk.length;)
      at += (await this.fileHandle().write(chunk, at, chunk.length - at)).bytesWritten;
    this.unsynced += chunk.length;
    if (this.unsynced >= (this.options.stepBytes ?? DURABLE_STEP_BYTES)) await this.flush();
  }

  private async flush(): Promise<void> {
    if (this.unsynced === 0) return;
    if (this.options.onAir) await afterAir(this.options.onAir);
    await this.fileHandle().datasync();
    this.unsynced = 0;
    this.syncs += 1;
  }

  /** The open handle; a write or flush after destroy() fails (the stream ignores it by then). */
  private fileHandle(): fs.promises.FileHandle {
    if (!this.handle) throw new Error(`${this.file} is closed`);
    return this.handle;
  }
}

/**
 * Makes a rename into `dir` durable (POSIX: the directory entry is only on disk once the directory
 * is synced). Windows cannot open a folder for flushing and commits renames in NTFS's own journal,
 * so there it does nothing.
 */
export async function syncFolder(dir: string): Promise<void> {
  if (process.platform === 'win32') return;
  const handle = await fs.promises.open(dir, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}
