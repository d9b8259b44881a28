import { and, eq, inArray, sql } from 'drizzle-orm';
import { first } from '../../db/dialect';
import { Repo } from '../../db/store';

/** A file's row and how many of its bytes the store holds. */
export interface StoredFile {
  id: string;
  fileSize: number;
  storedBytes: number;
}

/** SQL for installers' bytes kept in the store (app_version_file_chunks, issue 43). */
export class AppVersionChunksRepo extends Repo {
  /** One chunk; a chunk already stored (a copy resumed) is left as it is: it holds the same bytes. */
  async insert(fileId: string, seq: number, bytes: Buffer): Promise<void> {
    await this.db.insert(this.t.appVersionFileChunks).values({ fileId, seq, bytes }).onConflictDoNothing();
  }

  async chunk(fileId: string, seq: number): Promise<Buffer | undefined> {
    const { appVersionFileChunks: c } = this.t;
    return first(
      await this.db
        .select({ bytes: c.bytes })
        .from(c)
        .where(and(eq(c.fileId, fileId), eq(c.seq, seq))),
    )?.bytes;
  }

  /**
   * These files' rows with the bytes the store holds of each (files without a row are left out).
   * The length of a stored value is read from its header: no chunk is read to count it.
   */
  async stored(ids: readonly string[]): Promise<StoredFile[]> {
    if (ids.length === 0) return [];
    const { appVersionFiles: f, appVersionFileChunks: c } = this.t;
    const rows = await this.db
      .select({
        id: f.id,
        fileSize: f.fileSize,
        storedBytes: sql<number | string>`coalesce(sum(length(${c.bytes})), 0)`,
      })
      .from(f)
      .leftJoin(c, eq(c.fileId, f.id))
      .where(inArray(f.id, [...ids]))
      .groupBy(f.id, f.fileSize);
    // PostgreSQL's sum of integers is a bigint: the driver hands it over as text.
    return rows.map((r) => ({ id: r.id, fileSize: r.fileSize, storedBytes: Number(r.storedBytes) }));
  }
}
