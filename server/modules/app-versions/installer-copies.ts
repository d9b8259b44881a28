import fs from 'node:fs';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { AppContext } from '../../context';
import type { AppVersionFileRow } from '../../db/schema';
import { DurableFile, syncFolder } from '../../lib/durable-file';
import { notFound } from '../../lib/errors';
import { afterAir } from '../../lib/time-slices';
import { AppVersionChunksRepo } from './app-version-chunks.repo';
import type { AppVersionStorage } from './app-version-storage';
import { AppVersionsRepo } from './app-versions.repo';

/** An installer goes into the store in chunks of this size, each its own statement. */
export const CHUNK_BYTES = 1024 * 1024;

/** The store does not hold the whole file (still being copied, or removed meanwhile): "not found". */
class NotInStore extends Error {}

/**
 * Installers on every server of a PostgreSQL store (issue 43). The server an installer is uploaded
 * to copies it into the store (app_version_file_chunks) before it answers; a server asked for a
 * file it lacks fetches it from there once — however many downloads ask at once — into its own
 * folder, checks its SHA-256 and then serves it as any other. A file the store does not hold
 * whole is not found there. On SQLite (one server) the disk is the only copy and nothing here runs.
 */
export class InstallerCopies {
  private readonly fetching = new Map<string, Promise<void>>();

  constructor(
    private readonly ctx: AppContext,
    private readonly storage: AppVersionStorage,
  ) {}

  /** Whether the store is shared by several servers (PostgreSQL). */
  get shared(): boolean {
    return this.ctx.store.engine === 'postgres';
  }

  /**
   * Puts a just-registered upload into the store. If that fails the upload fails whole: its row
   * (with the chunks so far) and its file go, and the uploader is told.
   */
  async shareUpload(fileId: string): Promise<void> {
    if (!this.shared) return;
    try {
      await this.copyIn(fileId);
    } catch (err) {
      await this.ctx.store
        .write('server', (tx) => new AppVersionsRepo(tx).deleteFile(fileId))
        .then(() => this.storage.remove(fileId))
        .catch(() => undefined);
      throw err;
    }
  }

  /**
   * The file's path on this disk, fetched from the store first when this server lacks it; 404 when
   * neither holds it whole.
   */
  async localPath(row: AppVersionFileRow): Promise<string> {
    const file = this.storage.pathOf(row.id);
    if ((await this.storage.has(row.id)) || !this.shared) return file;
    let fetching = this.fetching.get(row.id);
    if (!fetching) {
      fetching = this.fetch(row).finally(() => this.fetching.delete(row.id));
      this.fetching.set(row.id, fetching);
    }
    try {
      await fetching;
    } catch (err) {
      throw err instanceof NotInStore ? notFound('File') : err;
    }
    return file;
  }

  /** A file asked for whose row is gone (swept on another server): this disk's copy goes too. */
  forget(fileId: string): void {
    if (this.shared) void this.storage.remove(fileId).catch(() => undefined);
  }

  /** settle, started before this server takes an upload: it judges only the files already on disk. */
  settleAtStart(): void {
    this.settle().catch((err: unknown) =>
      this.ctx.logger.warn('could not settle the installers on disk with the store', { error: String(err) }),
    );
  }

  /**
   * At start: copies on this disk of files whose row is gone (swept while this server was away)
   * are removed, and files of this disk the store does not hold whole (an upload cut short by a
   * crash, a store moved from SQLite) are copied in.
   */
  async settle(): Promise<void> {
    if (!this.shared) return;
    const ids = this.storage.localIds();
    if (ids.length === 0) return;
    const stored = await this.ctx.store.read((q) => new AppVersionChunksRepo(q).stored(ids));
    const known = new Set(stored.map((s) => s.id));
    for (const id of ids) if (!known.has(id)) await this.storage.remove(id);
    for (const s of stored) if (s.storedBytes < s.fileSize) await this.copyIn(s.id);
  }

  /**
   * Each chunk one short statement after any on-air write of this server, outside every write lock:
   * a station's on-air write and the store-wide writes (sign-ins, version saves) never queue behind
   * 500 MB of inserts. Each commits durably on its own, so a chunk in the store is a whole chunk.
   */
  private async copyIn(fileId: string): Promise<void> {
    const handle = await fs.promises.open(this.storage.pathOf(fileId), 'r');
    try {
      for (let seq = 0; ; seq++) {
        const bytes = await readChunk(handle, seq);
        if (bytes.length === 0) break;
        await afterAir(this.ctx.onAir);
        // A read handle on PostgreSQL is the pool: the insert runs as one autocommitted statement.
        await this.ctx.store.read((q) => new AppVersionChunksRepo(q).insert(fileId, seq, bytes));
        if (bytes.length < CHUNK_BYTES) break;
      }
    } finally {
      await handle.close();
    }
  }

  /** Written as `.<id>.part`, flushed in steps, checked, then renamed into place: never half a file. */
  private async fetch(row: AppVersionFileRow): Promise<void> {
    const [stored] = await this.ctx.store.read((q) => new AppVersionChunksRepo(q).stored([row.id]));
    if (stored?.storedBytes !== row.fileSize) throw new NotInStore(row.id);
    const part = this.storage.partOf(row.id);
    try {
      // Left by a fetch that failed before its clean-up could run; only one fetch of a file runs here.
      await fs.promises.rm(part, { force: true });
      // One chunk read ahead at most: a 500 MB fetch holds about 2 MB, not the stream's default 16 chunks.
      const chunks = Readable.from(this.chunksOf(row), { highWaterMark: 1 });
      await pipeline(chunks, new DurableFile(part, { onAir: this.ctx.onAir }));
      // Off the air thread, as an upload's hashes.
      const { sha256 } = await this.ctx.heavy.task('file.hash', part, [], { station: row.companyId });
      if (sha256 !== row.checksum) {
        // Said loudly in the log; the downloader is told what is true here: no whole file to give.
        this.ctx.logger.error("the store's copy of an installer does not match its checksum", { fileId: row.id });
        throw new NotInStore(row.id);
      }
      await fs.promises.rename(part, this.storage.pathOf(row.id));
      await syncFolder(this.storage.dir);
    } catch (err) {
      await fs.promises.rm(part, { force: true });
      if (!(err instanceof NotInStore))
        this.ctx.logger.error('could not fetch an installer from the store', { fileId: row.id, error: String(err) });
      throw err;
    }
  }

  private async *chunksOf(row: AppVersionFileRow): AsyncGenerator<Buffer> {
    for (let seq = 0, got = 0; got < row.fileSize; seq++) {
      await afterAir(this.ctx.onAir);
      const bytes = await this.ctx.store.read((q) => new AppVersionChunksRepo(q).chunk(row.id, seq));
      // Removed by the sweep while it was being fetched.
      if (!bytes) throw new NotInStore(row.id);
      got += bytes.length;
      yield bytes;
    }
  }
}

/** Chunk `seq` of an open file: CHUNK_BYTES, fewer at its end, empty past it. */
async function readChunk(handle: fs.promises.FileHandle, seq: number): Promise<Buffer> {
  const bytes = Buffer.alloc(CHUNK_BYTES);
  let filled = 0;
  while (filled < CHUNK_BYTES) {
    const { bytesRead } = await handle.read(bytes, filled, CHUNK_BYTES - filled, seq * CHUNK_BYTES + filled);
    if (bytesRead === 0) break;
    filled += bytesRead;
  }
  return bytes.subarray(0, filled);
}
