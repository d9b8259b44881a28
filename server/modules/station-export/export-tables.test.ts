import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../config';
import { openDatabase, type Database_ } from '../../db/client';
import { exportedColumns } from './export-spool';
import { EXCLUDED_TABLES, EXPORTED_TABLES, unplacedTables } from './export-tables';

/**
 * The export stays complete as the schema grows: a table a migration adds must be exported
 * (scoped to the station) or excluded with a reason, and a column that looks like a secret must
 * be left out or named here as harmless.
 */
let dir: string;
let store: Database_;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cgb-export-tables-'));
  store = openDatabase(dir, path.join(REPO_ROOT, 'server', 'db', 'migrations'));
});
afterAll(() => {
  store?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const tablesOfSchema = () =>
  store.sqlite.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").pluck().all() as string[];
const columnsOf = (table: string) =>
  (store.sqlite.prepare(`PRAGMA table_info("${table}")`).all() as Array<{ name: string }>).map((c) => c.name);

/** Columns whose names look like secrets but are not (exported on purpose). */
const NOT_SECRETS: Record<string, string> = {
  'companies.license_key':
    "the station's licence, shown to its own users already (GET /api/companies); the new store needs it",
  'as_run.api_key': "the key's name and prefix at the time of the change, never the key",
  'google_sheets_connections.last_push_hash': 'a hash of the last grid pushed to the sheet (sync bookkeeping)',
  'google_sheets_rows.hash': "a hash of the row's own exported values (sync bookkeeping)",
};
const LOOKS_SECRET = /(hash|token|password|secret|_key)$|^key$/;

describe('station export tables', () => {
  it('exports or deliberately excludes every table of the schema (a new table fails here until it is placed)', () => {
    expect(unplacedTables(tablesOfSchema())).toEqual([]);
    // A migration that adds a table: named until it is exported or excluded.
    store.sqlite.exec(
      'CREATE TABLE IF NOT EXISTS rundown_notes (id INTEGER PRIMARY KEY, company_id INTEGER NOT NULL, text TEXT)',
    );
    expect(unplacedTables(tablesOfSchema())).toEqual(['rundown_notes']);
    store.sqlite.exec('DROP TABLE rundown_notes');
    const placed = new Set([...EXPORTED_TABLES.map((t) => t.table), ...Object.keys(EXCLUDED_TABLES)]);
    // And nothing listed that the schema does not have (a renamed table).
    const schema = new Set(tablesOfSchema());
    expect([...placed].filter((t) => !schema.has(t) && t !== 'sqlite_sequence')).toEqual([]);
    expect(EXPORTED_TABLES.map((t) => t.table).filter((t, i, all) => all.indexOf(t) !== i)).toEqual([]);
  });

  it("scopes every exported table to one station: a company_id of its own, or its parent's", () => {
    for (const spec of EXPORTED_TABLES) {
      const columns = columnsOf(spec.table);
      if (spec.table === 'companies') expect(spec.where).toBe('id = ?');
      else if (columns.includes('company_id')) expect(spec.where, spec.table).toBe('company_id = ?');
      else expect(spec.where, spec.table).toMatch(/ IN \(SELECT id FROM \w+ WHERE company_id = \?\)$/);
      // The condition and the column list run against the real schema.
      expect(
        () => store.sqlite.prepare(`SELECT * FROM "${spec.table}" WHERE ${spec.where}`).all(1),
        spec.table,
      ).not.toThrow();
    }
  });

  it('leaves out every secret-looking column, and each omitted column exists', () => {
    for (const spec of EXPORTED_TABLES) {
      const columns = columnsOf(spec.table);
      for (const omitted of spec.omit ?? []) expect(columns, `${spec.table}.${omitted}`).toContain(omitted);
      const written = exportedColumns(store.sqlite, spec);
      const secretLooking = written.filter((c) => LOOKS_SECRET.test(c) && !(`${spec.table}.${c}` in NOT_SECRETS));
      expect(secretLooking, spec.table).toEqual([]);
    }
  });
});
