import fs from 'node:fs';
import path from 'node:path';
import type { Logger } from '../../lib/logger';

const FILE_ID = /^[0-9a-f]{32}$/;

/**
 * Where uploaded installers live on this server's disk (`<DATA_DIR>/app-versions/<id>`). On a
 * PostgreSQL store the store holds them too, and a server lacking one fetches it from there
 * (installer-copies.ts); download links are signed by download-tickets.ts.
 */
export class AppVersionStorage {
  readonly dir: string;

  constructor(dataDir: string, logger: Logger) {
    this.dir = path.join(dataDir, 'app-versions');
    fs.mkdirSync(this.dir, { recursive: true });
    this.removeLeftoverParts(logger);
  }

  static isFileId(id: string): boolean {
    return FILE_ID.test(id);
  }

  pathOf(fileId: string): string {
    if (!AppVersionStorage.isFileId(fileId)) throw new Error(`not a file id: ${fileId}`);
    return path.join(this.dir, fileId);
  }

  /** Where a copy of a file is written before it is renamed into place (never served). */
  partOf(fileId: string): string {
    if (!AppVersionStorage.isFileId(fileId)) throw new Error(`not a file id: ${fileId}`);
    return path.join(this.dir, `.${fileId}.part`);
  }

  /** The ids of the whole files on this disk. */
  localIds(): string[] {
    return fs.readdirSync(this.dir).filter((name) => AppVersionStorage.isFileId(name));
  }

  async has(fileId: string): Promise<boolean> {
    return fs.promises.access(this.pathOf(fileId)).then(
      () => true,
      () => false,
    );
  }

  /** Removes this disk's copy of a file (nothing if there is none). */
  async remove(fileId: string): Promise<void> {
    await fs.promises.rm(this.pathOf(fileId), { force: true });
  }

  /** A crash or a kill mid-upload leaves `.<id>.part` files; they are never valid, so they go at start. */
  private removeLeftoverParts(logger: Logger): void {
    for (const name of fs.readdirSync(this.dir)) {
      if (!/^\..+\.part$/.test(name)) continue;
      fs.rmSync(path.join(this.dir, name), { force: true });
      logger.warn('removed an unfinished app-version upload', { file: name });
    }
  }
}
