import { createHash } from 'node:crypto';
import { once } from 'node:events';
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { CG_WRITABLE_TYPES } from '../../../shared/constants';
import type { OnAirGate } from '../../lib/on-air-gate';
import { airFirst, whileMore, within } from '../../lib/time-slices';
import { EXPORTED_TABLES, type ExportedTable } from './export-tables';

/** Rows read before the loop is handed back (fewer when a slice's few milliseconds are up). */
export const ROWS_PER_CHUNK = 500;

/** One file of the archive, complete on disk (or in memory for the small CG texts). */
export interface SpooledFile {
  /** Path inside the archive: tables/<table>.jsonl, files/cg/<type>.txt. */
  name: string;
  source: { file: string } | { bytes: Buffer };
  bytes: number;
  sha256: string;
}

export interface SpooledTable {
  table: string;
  rows: number;
  omittedColumns: string[];
  file: SpooledFile;
}

export interface Spooled {
  tables: SpooledTable[];
  files: SpooledFile[];
  station: { id: number; name: string };
  /** drizzle's created_at of the newest migration applied to the store, or null. */
  newestMigrationAt: number | null;
}

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/**
 * Reads one station's rows from a read-only snapshot of the store: a connection of its own holding
 * one read transaction from the first row to the last, so every table is of the same moment while
 * on-air writes go on through the server's connection (WAL). Rows are read in chunks of at most
 * ROWS_PER_CHUNK and a few milliseconds, the loop handed back between chunks (and held while an
 * on-air write runs), and written to JSON-lines files in `dir` — never the whole station in memory.
 */
export async function spoolStation(
  dbFile: string,
  companyId: number,
  dir: string,
  onAir: OnAirGate,
  signal: AbortSignal,
): Promise<Spooled> {
  const sqlite = new Database(dbFile, { readonly: true, fileMustExist: true });
  try {
    sqlite.exec('BEGIN');
    // The snapshot starts at the transaction's first read.
    const station = sqlite.prepare('SELECT id, name FROM companies WHERE id = ?').get(companyId) as
      { id: number; name: string } | undefined;
    if (!station) throw new Error(`Station ${companyId} not found`);
    const tables: SpooledTable[] = [];
    for (const spec of EXPORTED_TABLES) tables.push(await spoolTable(sqlite, spec, companyId, dir, onAir, signal));
    const files = cgFiles(sqlite, companyId);
    const migrations = sqlite
      .prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = '__drizzle_migrations'")
      .get();
    const at = migrations
      ? (sqlite.prepare('SELECT MAX(created_at) FROM __drizzle_migrations').pluck().get() as number | string | null)
      : null;
    sqlite.exec('COMMIT');
    return { tables, files, station, newestMigrationAt: at === null ? null : Number(at) };
  } finally {
    sqlite.close();
  }
}

/** The columns written for a table: every column of the schema but the omitted secrets. */
export function exportedColumns(sqlite: Database.Database, spec: ExportedTable): string[] {
  const all = (sqlite.prepare(`PRAGMA table_info(${quote(spec.table)})`).all() as Array<{ name: string }>).map(
    (c) => c.name,
  );
  return all.filter((c) => !spec.omit?.includes(c));
}

async function spoolTable(
  sqlite: Database.Database,
  spec: ExportedTable,
  companyId: number,
  dir: string,
  onAir: OnAirGate,
  signal: AbortSignal,
): Promise<SpooledTable> {
  const name = `tables/${spec.table}.jsonl`;
  const target = path.join(dir, `${spec.table}.jsonl`);
  const columns = exportedColumns(sqlite, spec);
  const statement = sqlite.prepare(
    `SELECT ${columns.map(quote).join(', ')} FROM ${quote(spec.table)} WHERE ${spec.where}`,
  );
  const out = fs.createWriteStream(target);
  const hash = createHash('sha256');
  let rows = 0;
  let bytes = 0;
  const iterator = statement.iterate(companyId) as IterableIterator<Record<string, unknown>>;
  try {
    let done = false;
    for await (const _ of airFirst(
      onAir,
      whileMore(() => !done),
    )) {
      signal.throwIfAborted();
      const more = within();
      for (let n = 0; n < ROWS_PER_CHUNK && more(); n += 1) {
        const next = iterator.next();
        if (next.done) {
          done = true;
          break;
        }
        const line = Buffer.from(`${JSON.stringify(spec.redact ? spec.redact(next.value) : next.value)}\n`, 'utf8');
        hash.update(line);
        bytes += line.length;
        rows += 1;
        if (!out.write(line)) await once(out, 'drain');
      }
    }
  } finally {
    iterator.return?.();
    out.end();
    await once(out, 'close');
  }
  return {
    table: spec.table,
    rows,
    omittedColumns: [...(spec.omit ?? [])],
    file: { name, source: { file: target }, bytes, sha256: hash.digest('hex') },
  };
}

/**
 * The station's CG texts as its CG folder holds them (<type>.txt, UTF-8 without BOM, and cg.json
 * with every type), made from the snapshot's rows — the store is what the folder is written from,
 * and a folder on a share that stops answering must not hold an export.
 */
function cgFiles(sqlite: Database.Database, companyId: number): SpooledFile[] {
  const rows = sqlite
    .prepare('SELECT type, content FROM cg_files WHERE company_id = ? ORDER BY type')
    .all(companyId) as Array<{ type: string; content: string }>;
  const writable = rows.filter((r) => (CG_WRITABLE_TYPES as readonly string[]).includes(r.type));
  const snapshot = Object.fromEntries(writable.map((r) => [r.type, r.content]));
  const texts = writable.map((r) => ({ name: `files/cg/${r.type}.txt`, bytes: Buffer.from(r.content, 'utf8') }));
  if (writable.length)
    texts.push({ name: 'files/cg/cg.json', bytes: Buffer.from(JSON.stringify(snapshot, null, 2), 'utf8') });
  return texts.map((t) => ({
    name: t.name,
    source: { bytes: t.bytes },
    bytes: t.bytes.length,
    sha256: sha256(t.bytes),
  }));
}
