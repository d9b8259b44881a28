import { once } from 'node:events';
import fs from 'node:fs';
import type { Writable } from 'node:stream';
import tar from 'tar-stream';
import type { OnAirGate } from '../../lib/on-air-gate';
import { afterAir } from '../../lib/time-slices';
import type { Spooled, SpooledFile } from './export-spool';
import { EXCLUDED_TABLES, NOT_INCLUDED } from './export-tables';

export const EXPORT_FORMAT = 'cg-bridge-station-export';
export const EXPORT_FORMAT_VERSION = 1;

/** manifest.json, the archive's first entry (docs/station-export.md). */
export interface ExportManifest {
  format: typeof EXPORT_FORMAT;
  formatVersion: number;
  station: { id: number; name: string; slug: string };
  appVersion: string;
  /** The newest migration applied to the store the rows come from (drizzle's tag and time). */
  newestMigration: { tag: string | null; at: string } | null;
  createdAt: string;
  exportedBy: { userId: number; username: string };
  /** Per table: rows (= lines of its .jsonl), its file's bytes and SHA-256, columns left out. */
  tables: Record<string, { file: string; rows: number; bytes: number; sha256: string; omittedColumns: string[] }>;
  /** Every other file of the archive (the station's CG texts) with its bytes and SHA-256. */
  files: Record<string, { bytes: number; sha256: string }>;
  excludedTables: Record<string, string>;
  notIncluded: readonly string[];
}

/** A station name made safe for a file name: "Sun TV 2" → "sun-tv-2"; a name of no Latin letters → station-<id>. */
export function stationSlug(name: string, id: number): string {
  const slug = name
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 48)
    .replace(/-+$/, '');
  return slug || `station-${id}`;
}

export function archiveName(slug: string, at: Date): string {
  return `cg-bridge-${slug}-${at.toISOString().slice(0, 10)}.tar`;
}

export function buildManifest(
  spooled: Spooled,
  meta: Pick<ExportManifest, 'appVersion' | 'createdAt' | 'exportedBy' | 'newestMigration'>,
): ExportManifest {
  return {
    format: EXPORT_FORMAT,
    formatVersion: EXPORT_FORMAT_VERSION,
    station: { ...spooled.station, slug: stationSlug(spooled.station.name, spooled.station.id) },
    ...meta,
    tables: Object.fromEntries(
      spooled.tables.map((t) => [
        t.table,
        {
          file: t.file.name,
          rows: t.rows,
          bytes: t.file.bytes,
          sha256: t.file.sha256,
          omittedColumns: t.omittedColumns,
        },
      ]),
    ),
    files: Object.fromEntries(spooled.files.map((f) => [f.name, { bytes: f.bytes, sha256: f.sha256 }])),
    excludedTables: { ...EXCLUDED_TABLES },
    notIncluded: NOT_INCLUDED,
  };
}

/**
 * Streams the archive: manifest.json, tables/<table>.jsonl, files/cg/…, as a plain (ustar) tar.
 * Each table file is read from its spool file with backpressure; nothing is held whole in memory.
 */
export async function writeArchive(
  out: Writable,
  manifest: ExportManifest,
  spooled: Spooled,
  signal: AbortSignal,
  onAir: OnAirGate,
): Promise<void> {
  const pack = tar.pack();
  // Failures reach us through the reader and the entries' callbacks; no 'error' goes unheard.
  pack.on('error', () => undefined);
  const mtime = new Date(manifest.createdAt);
  const sending = (async () => {
    for await (const chunk of pack) {
      // Air first here too: a chunk waits while an on-air write is in progress.
      await afterAir(onAir);
      if (!out.write(chunk)) await once(out, 'drain', { signal });
    }
    out.end();
  })();
  const feeding = (async () => {
    await addBuffer(pack, 'manifest.json', Buffer.from(JSON.stringify(manifest, null, 2), 'utf8'), mtime);
    for (const file of [...spooled.tables.map((t) => t.file), ...spooled.files]) {
      signal.throwIfAborted();
      await addFile(pack, file, mtime, signal);
    }
    pack.finalize();
  })();
  try {
    await Promise.all([sending, feeding]);
  } catch (error) {
    // The feeder may wait on an entry of a destroyed pack: not awaited, its failure swallowed.
    feeding.catch(() => undefined);
    pack.destroy(error instanceof Error ? error : new Error(String(error)));
    await sending.catch(() => undefined);
    throw error;
  }
}

function addBuffer(pack: tar.Pack, name: string, bytes: Buffer, mtime: Date): Promise<void> {
  return new Promise((resolve, reject) => {
    pack.entry({ name, size: bytes.length, mtime, mode: 0o644 }, bytes, (err) => (err ? reject(err) : resolve()));
  });
}

async function addFile(pack: tar.Pack, file: SpooledFile, mtime: Date, signal: AbortSignal): Promise<void> {
  if ('bytes' in file.source) return addBuffer(pack, file.name, file.source.bytes, mtime);
  let entry!: ReturnType<tar.Pack['entry']>;
  const finished = new Promise<void>((ok, fail) => {
    entry = pack.entry({ name: file.name, size: file.bytes, mtime, mode: 0o644 }, (err) => (err ? fail(err) : ok()));
  });
  // Awaited below; a pack destroyed while this entry is read must not leave it unhandled.
  finished.catch(() => undefined);
  entry.on('error', () => undefined);
  for await (const chunk of fs.createReadStream(file.source.file, { highWaterMark: 256 * 1024, signal })) {
    if (!entry.write(chunk as Buffer)) await once(entry, 'drain', { signal });
  }
  // Typed as a Node Writable whose end() wants a chunk; tar-stream's entry ends without one.
  (entry as unknown as { end(): void }).end();
  await finished;
}
