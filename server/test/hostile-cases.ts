import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { z } from 'zod';
import type { BodyContract } from '../route-table-types';
import { storeSql, type StoreOf } from './store-sql';

/** One hostile body: the raw text sent as application/json, and its value if it parses. */
export interface HostileCase {
  label: string;
  raw: string;
}

const MB = 1024 * 1024;

/** The top-level field names a contract reads (through pipes, defaults, optionals, unions). */
export function fieldsOf(contract: BodyContract): string[] {
  if (contract === null || contract === 'multipart') return [];
  return [...new Set(walk(contract))];
}

interface Def {
  type: string;
  in?: z.ZodType;
  innerType?: z.ZodType;
  options?: z.ZodType[];
  shape?: Record<string, unknown>;
}

function walk(schema: z.ZodType): string[] {
  const def = (schema as unknown as { _zod: { def: Def } })._zod.def;
  if (def.type === 'object' && def.shape) return Object.keys(def.shape);
  if (def.type === 'pipe' && def.in) return walk(def.in);
  if (def.innerType) return walk(def.innerType);
  if (def.type === 'union' && def.options) return def.options.flatMap(walk);
  return [];
}

const every = (fields: string[], value: unknown) =>
  JSON.stringify(Object.fromEntries((fields.length ? fields : ['value']).map((f) => [f, value])));

/**
 * At least 8 hostile bodies for a route whose contract reads `fields`: malformed JSON, wrong
 * types, missing fields, 1 MB strings, NUL bytes, unknown fields, prototype-pollution keys and
 * path-like values (docs/design-rules.md §7 "hostile input").
 */
export function hostileCases(fields: string[]): HostileCase[] {
  return [
    { label: 'malformed JSON', raw: '{"title": "half a body",' },
    { label: 'wrong type: an array for the body', raw: '[{"id":1},{"id":2}]' },
    {
      label: 'wrong types: operator objects in every field',
      raw: every(fields, { $ne: null, $gt: [1, { deep: true }] }),
    },
    { label: 'missing fields', raw: '{}' },
    { label: '1 MB strings', raw: every(fields, 'A'.repeat(MB)) },
    { label: 'NUL bytes', raw: every(fields, 'on\u0000air') },
    {
      label: 'unknown fields only',
      raw: JSON.stringify({ isAdmin: true, roletype: 'dev', companyId: 999_999, zzUnknown: 'x' }),
    },
    {
      label: 'prototype pollution',
      raw: '{"__proto__":{"polluted":"yes","role":"owner"},"constructor":{"prototype":{"polluted":"yes"}}}',
    },
    { label: 'path-like values (POSIX)', raw: every(fields, '../../../../etc/passwd') },
    { label: 'path-like values (Windows)', raw: every(fields, 'C:\\Windows\\System32\\config\\SAM') },
  ];
}

/** Whether the route's contract itself accepts the body (then it is valid input, not hostile). */
export function contractAccepts(contract: BodyContract, raw: string): boolean {
  if (contract === null || contract === 'multipart') return false;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return false;
  }
  return contract.safeParse(value).success;
}

/**
 * A fingerprint of everything stored: every row of every table (sessions by count only: a request
 * moves last_seen_at) and every file under `dirs` (the server's base directory: CG folders, the
 * app-version store, journals). The rows come from one query over every table, on either engine.
 */
export async function storedState(store: StoreOf, dirs: string[]): Promise<string> {
  const hash = createHash('sha256');
  const tables = await storeSql<{ name: string; data: unknown }>(store, await dumpQuery(store));
  for (const { name, data } of tables) hash.update(name).update(JSON.stringify(data));
  for (const dir of dirs)
    for (const file of listFiles(dir)) if (!SQLITE_FILE.test(file)) hash.update(file).update(fs.readFileSync(file));
  return hash.digest('hex');
}

/** The query that reads every table of a store, built once per store (the schema does not change). */
const dumpQueries = new Map<string, Promise<string>>();
function dumpQuery(store: StoreOf): Promise<string> {
  const key = store.databaseUrl ?? store.dataDir;
  const built = dumpQueries.get(key) ?? buildDumpQuery(store);
  dumpQueries.set(key, built);
  return built;
}

/**
 * One row per table, name and data, in name order; a table's data is all its rows as text, sorted
 * (the fingerprint is the data's, not the order it is stored in). PostgreSQL: each row's own text
 * form, the table's digest (md5) sent instead of its text. SQLite, which has neither a text form
 * of a row nor md5: each value's type and its bytes in hex (NUL bytes and blobs included).
 */
async function buildDumpQuery(store: StoreOf): Promise<string> {
  const columns = store.databaseUrl
    ? await storeSql<{ t: string; c: string }>(
        store,
        "SELECT table_name AS t, '' AS c FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'",
      )
    : await storeSql<{ t: string; c: string }>(
        store,
        "SELECT m.name AS t, p.name AS c FROM sqlite_master m, pragma_table_info(m.name) p WHERE m.type = 'table' AND m.name NOT LIKE 'sqlite_%' ORDER BY m.name, p.cid",
      );
  const tables = new Map<string, string[]>();
  for (const { t, c } of columns) tables.set(t, [...(tables.get(t) ?? []), c]);
  const rowsOf = (table: string, names: string[]) => {
    if (table === 'sessions') return 'SELECT CAST(count(*) AS TEXT) FROM sessions';
    // The login limit's record of each password check it let through (on PostgreSQL): a wrong
    // password's row is the guard at work, not something the request stored. Likewise a refusal
    // kept for a repeat of its Idempotency-Key (on PostgreSQL): the answer, not data.
    if (table === 'login_attempts' || table === 'idempotency_keys') return "SELECT ''";
    if (store.databaseUrl) return `SELECT md5(string_agg(t::text, E'\\n' ORDER BY t::text)) FROM "${table}" t`;
    const row = names.map((c) => `typeof("${c}") || ':' || coalesce(hex("${c}"), '')`).join(` || '|' || `);
    return `SELECT group_concat(r, char(10)) FROM (SELECT ${row} AS r FROM "${table}" ORDER BY r)`;
  };
  return (
    [...tables]
      .map(([table, names]) => `SELECT '${table}' AS name, (${rowsOf(table, names)}) AS data`)
      .join(' UNION ALL ') + ' ORDER BY name'
  );
}

/** The database files themselves change on every checkpoint; their rows are hashed above. */
const SQLITE_FILE = /\.sqlite(-wal|-shm|-journal)?$/;

function listFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? listFiles(path.join(dir, e.name)) : [path.join(dir, e.name)]))
    .sort();
}
