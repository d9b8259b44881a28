import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type Database from 'better-sqlite3';
import type { z } from 'zod';
import type { BodyContract } from '../route-table-types';

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
 * app-version store, journals).
 */
export function storedState(db: Database.Database, dirs: string[]): string {
  const hash = createHash('sha256');
  const tables = db
    .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")
    .pluck()
    .all() as string[];
  for (const table of tables) {
    const rows =
      table === 'sessions'
        ? db.prepare('SELECT count(*) FROM sessions').all()
        : db.prepare(`SELECT * FROM "${table}"`).all();
    hash.update(table).update(JSON.stringify(rows));
  }
  for (const dir of dirs)
    for (const file of listFiles(dir)) if (!SQLITE_FILE.test(file)) hash.update(file).update(fs.readFileSync(file));
  return hash.digest('hex');
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
