import { createHash } from 'node:crypto';
import { once } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import tar from 'tar-stream';
import { z } from 'zod';
import { newestBuildMigrationAt } from '../backups/backup-migrations';
import { EXPORT_FORMAT, EXPORT_FORMAT_VERSION, type ExportManifest } from './export-archive';

/** A refusal the operator can act on (the command prints "Import refused: …"); nothing was written. */
export class ImportRefused extends Error {}

/** The archive unpacked into a temp folder, every file checked against the manifest. */
export interface CheckedArchive {
  manifest: ExportManifest;
  /** Tables in the archive's order (parents first), each with its unpacked file. */
  tables: Array<{ table: string; file: string; rows: number }>;
  /** Every other file (files/cg/…) by its name in the archive → its unpacked file. */
  files: Map<string, string>;
  remove(): Promise<void>;
}

const MANIFEST = 'manifest.json';
const MANIFEST_MAX_BYTES = 8 * 1024 * 1024;
const sha256Hex = z.string().regex(/^[0-9a-f]{64}$/, 'must be a SHA-256 in hex');
const count = z.number().int().min(0);

const manifestSchema = z.object({
  format: z.literal(EXPORT_FORMAT),
  formatVersion: z.literal(EXPORT_FORMAT_VERSION),
  station: z.object({ id: z.number().int().positive(), name: z.string().trim().min(1), slug: z.string() }),
  appVersion: z.string(),
  newestMigration: z.object({ tag: z.string().nullable(), at: z.string() }).nullable(),
  createdAt: z.string(),
  exportedBy: z.object({ userId: z.number(), username: z.string() }),
  tables: z.record(
    z.string().regex(/^[a-z_]+$/, 'a table name'),
    z.object({ file: z.string(), rows: count, bytes: count, sha256: sha256Hex, omittedColumns: z.array(z.string()) }),
  ),
  files: z.record(z.string().regex(/^files\/cg\/[A-Za-z0-9_.-]+$/), z.object({ bytes: count, sha256: sha256Hex })),
  excludedTables: z.record(z.string(), z.string()),
  notIncluded: z.array(z.string()),
});

/** The manifest, refused with the reason an operator understands (not a station export, a newer one, …). */
export function parseManifest(bytes: Buffer, migrationsDir: string): ExportManifest {
  let raw: unknown;
  try {
    raw = JSON.parse(bytes.toString('utf8'));
  } catch {
    throw new ImportRefused('manifest.json is not valid JSON: the archive is damaged');
  }
  const head = z.object({ format: z.unknown(), formatVersion: z.unknown() }).safeParse(raw);
  if (!head.success || head.data.format !== EXPORT_FORMAT)
    throw new ImportRefused(`This is not a CG Bridge station export (format ${JSON.stringify(head.data?.format)})`);
  if (head.data.formatVersion !== EXPORT_FORMAT_VERSION)
    throw new ImportRefused(
      `The archive is of export format version ${JSON.stringify(head.data.formatVersion)}; this version of CG Bridge reads version ${EXPORT_FORMAT_VERSION}`,
    );
  const parsed = manifestSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ImportRefused(`manifest.json is not valid at ${issue?.path.join('.')}: ${issue?.message}`);
  }
  const manifest = parsed.data as ExportManifest;
  for (const [table, info] of Object.entries(manifest.tables))
    if (info.file !== `tables/${table}.jsonl`) throw new ImportRefused(`manifest.json names ${info.file} for ${table}`);
  // A newer store has columns or tables this build cannot place; an older one gets defaults.
  const at = manifest.newestMigration ? Date.parse(manifest.newestMigration.at) : 0;
  if (at > newestBuildMigrationAt(migrationsDir))
    throw new ImportRefused(
      `The archive was exported by a newer version of CG Bridge (${manifest.appVersion}, migration ${manifest.newestMigration?.tag ?? manifest.newestMigration?.at}): import it with that version or newer`,
    );
  return manifest;
}

interface Unpacked {
  file: string;
  bytes: number;
  sha256: string;
  lines: number;
}

/** One entry to a file of its own, hashed and its lines counted on the way. */
async function unpackEntry(entry: AsyncIterable<unknown>, file: string): Promise<Unpacked> {
  const out = fs.createWriteStream(file, { flags: 'wx' });
  const hash = createHash('sha256');
  let bytes = 0;
  let newlines = 0;
  let last = -1;
  try {
    for await (const value of entry) {
      const chunk = value as Buffer;
      hash.update(chunk);
      bytes += chunk.length;
      for (let i = chunk.indexOf(10); i >= 0; i = chunk.indexOf(10, i + 1)) newlines += 1;
      if (chunk.length) last = chunk[chunk.length - 1]!;
      if (!out.write(chunk)) await once(out, 'drain');
    }
  } finally {
    out.end();
    await once(out, 'close');
  }
  // "\n after every line": a last line without one still counts (and then fails the check).
  return { file, bytes, sha256: hash.digest('hex'), lines: newlines + (bytes > 0 && last !== 10 ? 1 : 0) };
}

async function readManifestEntry(entry: AsyncIterable<unknown>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of entry) {
    size += (chunk as Buffer).length;
    if (size > MANIFEST_MAX_BYTES) throw new ImportRefused('manifest.json is too large: the archive is damaged');
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/**
 * Unpacks `archive` into a temp folder and checks it before anything is written (docs/station-export.md
 * "Importing it", steps 1–2): the manifest's format, version and schema; then every file's SHA-256,
 * bytes and (tables) line count against the manifest, and nothing missing, doubled or unlisted.
 * Any mismatch refuses the whole archive, naming the files.
 */
export async function readArchive(archive: string, migrationsDir: string): Promise<CheckedArchive> {
  if (!fs.existsSync(archive)) throw new ImportRefused(`No archive at ${archive}`);
  const dir = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'cg-bridge-import-'));
  const remove = () => fs.promises.rm(dir, { recursive: true, force: true });
  try {
    return { ...(await unpackAndCheck(archive, dir, migrationsDir)), remove };
  } catch (error) {
    await remove();
    throw error;
  }
}

async function unpackAndCheck(
  archive: string,
  dir: string,
  migrationsDir: string,
): Promise<Omit<CheckedArchive, 'remove'>> {
  const extract = tar.extract();
  const source = fs.createReadStream(archive);
  source.on('error', (err) => extract.destroy(err));
  source.pipe(extract);
  let manifest: ExportManifest | null = null;
  const unpacked = new Map<string, Unpacked>();
  const order: string[] = [];
  try {
    for await (const entry of extract) {
      const name = entry.header.name;
      if (entry.header.type !== 'file') throw new ImportRefused(`The archive holds ${name}, which is not a file`);
      if (!manifest) {
        if (name !== MANIFEST) throw new ImportRefused(`The archive does not start with ${MANIFEST} (found ${name})`);
        manifest = parseManifest(await readManifestEntry(entry), migrationsDir);
        continue;
      }
      const listed = name in manifest.files || Object.values(manifest.tables).some((t) => t.file === name);
      if (!listed) throw new ImportRefused(`The archive holds ${name}, which its manifest does not list`);
      if (unpacked.has(name)) throw new ImportRefused(`The archive holds ${name} twice`);
      unpacked.set(name, await unpackEntry(entry, path.join(dir, `entry-${unpacked.size}`)));
      order.push(name);
    }
  } catch (error) {
    source.destroy();
    if (error instanceof ImportRefused) throw error;
    throw new ImportRefused(`The archive cannot be read (${(error as Error).message}): it is damaged or incomplete`);
  }
  if (!manifest) throw new ImportRefused('The archive is empty: it holds no manifest.json');
  checkAgainstManifest(manifest, unpacked);
  return {
    manifest,
    tables: order
      .filter((name) => name.startsWith('tables/'))
      .map((name) => {
        const table = name.slice('tables/'.length, -'.jsonl'.length);
        return { table, file: unpacked.get(name)!.file, rows: manifest.tables[table]!.rows };
      }),
    files: new Map([...unpacked].filter(([name]) => name in manifest.files).map(([name, u]) => [name, u.file])),
  };
}

/** Every listed file present with its bytes, SHA-256 and (tables) rows; all problems named at once. */
function checkAgainstManifest(manifest: ExportManifest, unpacked: Map<string, Unpacked>): void {
  const problems: string[] = [];
  const expected = [
    ...Object.values(manifest.tables).map((t) => ({ name: t.file, ...t })),
    ...Object.entries(manifest.files).map(([name, f]) => ({ name, ...f, rows: undefined })),
  ];
  for (const want of expected) {
    const got = unpacked.get(want.name);
    if (!got) problems.push(`${want.name} is missing`);
    else if (got.bytes !== want.bytes)
      problems.push(`${want.name} has ${got.bytes} bytes, the manifest says ${want.bytes}`);
    else if (got.sha256 !== want.sha256) problems.push(`${want.name}: SHA-256 differs from the manifest's`);
    else if (want.rows !== undefined && got.lines !== want.rows)
      problems.push(`${want.name} has ${got.lines} lines, the manifest says ${want.rows} rows`);
  }
  if (problems.length)
    throw new ImportRefused(
      `The archive does not match its manifest — nothing was imported: ${problems.slice(0, 5).join('; ')}${problems.length > 5 ? `; and ${problems.length - 5} more` : ''}`,
    );
}
