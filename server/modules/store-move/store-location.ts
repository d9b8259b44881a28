import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { lastMoveSchema, POSTGRES_URL_PATTERN } from '../../../shared/contracts/store-move';

/**
 * `data/store-location.json` (issue 42): where this server keeps its data after a move from
 * Settings, and how the last move ended. It lives in the data folder, not in the store, because it
 * is what says which store to open. It holds the connection string with its password, so it is
 * written with mode 0600 (only the account the server runs as reads it); DATABASE_URL, when set,
 * still wins over it (server/config.ts).
 */
export const STORE_LOCATION_FILE = 'store-location.json';

const locationSchema = z.object({
  /** The PostgreSQL store; null: the SQLite file in the data folder. */
  databaseUrl: z.string().regex(POSTGRES_URL_PATTERN).nullable(),
  /**
   * The other PostgreSQL of a main and backup pair (issue 43), as HA_DATABASE_URL: how a desktop
   * PC, which has no environment to set, is told of its pair (docs/high-availability.md).
   */
  haDatabaseUrl: z.string().regex(POSTGRES_URL_PATTERN).optional(),
  lastMove: lastMoveSchema.nullable(),
});
export type StoreLocation = z.infer<typeof locationSchema>;

/**
 * The file's contents, or null when there is none. A file that cannot be read stops the start:
 * falling back to the SQLite file after a move would serve data older than the stations' own.
 */
export function readStoreLocation(dataDir: string): StoreLocation | null {
  const file = path.join(dataDir, STORE_LOCATION_FILE);
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
  let value: unknown = null;
  try {
    value = JSON.parse(text);
  } catch {
    // Refused below with the file's name.
  }
  const parsed = locationSchema.safeParse(value);
  if (!parsed.success)
    throw new Error(
      `${file} is not readable: it says where this server's data are. Restore it, or remove it to start on the SQLite file in ${dataDir}`,
    );
  return parsed.data;
}

/** Temp file (0600), fsync, rename, folder synced: a crash leaves the old file or the new one. */
export function writeStoreLocation(dataDir: string, location: StoreLocation): void {
  const file = path.join(dataDir, STORE_LOCATION_FILE);
  const tmp = `${file}.${process.pid}.tmp`;
  fs.rmSync(tmp, { force: true });
  const fd = fs.openSync(tmp, 'wx', 0o600);
  try {
    // The umask may only take rights away; set the mode outright all the same.
    fs.fchmodSync(fd, 0o600);
    fs.writeFileSync(fd, `${JSON.stringify(locationSchema.parse(location), null, 2)}\n`);
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
  fs.renameSync(tmp, file);
  if (process.platform !== 'win32') {
    const dir = fs.openSync(dataDir, 'r');
    try {
      fs.fsyncSync(dir);
    } finally {
      fs.closeSync(dir);
    }
  }
}
