import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { getTableColumns, is, SQL } from 'drizzle-orm';
import { getTableConfig as pgConfig, PgDialect, PgTable, type PgColumn } from 'drizzle-orm/pg-core';
import {
  getTableConfig as sqliteConfig,
  SQLiteSyncDialect,
  SQLiteTable,
  type SQLiteColumn,
} from 'drizzle-orm/sqlite-core';
import { describe, expect, test } from 'vitest';
import { REPO_ROOT } from '../config';
import { isoNow as pgNow } from './pg-schema/columns';
import * as pgSchema from './pg-schema';
import { isoNow as sqliteNow } from './schema/columns';
import * as sqliteSchema from './schema';

/**
 * The PostgreSQL store's schema equals the SQLite store's (issue 42): the same tables, columns,
 * types (as each engine spells them), nullability, defaults, keys, foreign keys, indexes (with
 * their expressions and conditions), checks and unique constraints. A column added to one schema
 * and not the other fails here.
 */
const TYPES: Record<string, string> = {
  SQLiteInteger: 'integer',
  PgInteger: 'integer',
  PgBigInt53: 'integer',
  SQLiteBoolean: 'boolean',
  PgBoolean: 'boolean',
  SQLiteText: 'text',
  PgText: 'text',
  SQLiteTextJson: 'json',
  PgJson: 'json',
  SQLiteReal: 'real',
  PgDoublePrecision: 'real',
  SQLiteBlobBuffer: 'blob',
  // pg-schema/columns.ts's bytea, the one custom column
  PgCustomColumn: 'blob',
};

const sqliteDialect = new SQLiteSyncDialect();
const pgDialect = new PgDialect();
/** SQL as either dialect renders it, without the table prefix PostgreSQL's renderer adds. */
const sqlOf = (s: SQL, dialect: 'sqlite' | 'pg') =>
  (dialect === 'sqlite' ? sqliteDialect : pgDialect).sqlToQuery(s).sql.replace(/"[a-z_]+"\./g, '');

type AnyColumn = SQLiteColumn | PgColumn;
function columnShape(key: string, c: AnyColumn, dialect: 'sqlite' | 'pg') {
  const now = dialect === 'sqlite' ? sqliteNow : pgNow;
  const d = c.default;
  return {
    key,
    name: c.name,
    type: TYPES[c.columnType] ?? `unmapped ${c.columnType}`,
    enum: c.enumValues ?? null,
    notNull: c.notNull || c.primary,
    primary: c.primary,
    identity:
      dialect === 'sqlite'
        ? Boolean((c as { autoIncrement?: boolean }).autoIncrement)
        : Boolean((c as { generatedIdentity?: unknown }).generatedIdentity),
    unique: c.isUnique ? c.uniqueName : null,
    default:
      !c.hasDefault || d === undefined ? null : d === now ? 'now' : is(d, SQL) ? sqlOf(d, dialect) : JSON.stringify(d),
  };
}

/** SQLite's INTEGER PRIMARY KEY column: every entry of the table's other indexes ends in it. */
function rowidOf(table: SQLiteTable | PgTable): string | null {
  const col = Object.values(getTableColumns(table)).find(
    (c) => (c as AnyColumn).primary && (c as AnyColumn).columnType === 'SQLiteInteger',
  );
  return col ? (col as AnyColumn).name : null;
}

/**
 * A SQLite index as PostgreSQL must spell it: the rowid SQLite keeps at the end of every entry is
 * named there (scripts/gen-pg-schema.ts), or a list ordered by time then id sorts every row.
 */
const withRowid = (on: string[], rowid: string | null) => (rowid && on.at(-1) !== rowid ? [...on, rowid] : on);

function tableShape(table: SQLiteTable | PgTable, dialect: 'sqlite' | 'pg') {
  const cfg = dialect === 'sqlite' ? sqliteConfig(table as SQLiteTable) : pgConfig(table as PgTable);
  const name = (c: { name: string }) => c.name;
  return {
    name: cfg.name,
    columns: Object.entries(getTableColumns(table)).map(([k, c]) => columnShape(k, c as AnyColumn, dialect)),
    foreignKeys: cfg.foreignKeys
      .map((fk) => {
        const ref = fk.reference();
        const target =
          dialect === 'sqlite'
            ? sqliteConfig(ref.foreignTable as SQLiteTable).name
            : pgConfig(ref.foreignTable as PgTable).name;
        return {
          columns: ref.columns.map(name),
          target,
          foreignColumns: ref.foreignColumns.map(name),
          onDelete: fk.onDelete ?? 'no action',
        };
      })
      .sort((a, b) => a.columns.join().localeCompare(b.columns.join())),
    indexes: cfg.indexes
      .map((ix) => ({
        name: ix.config.name,
        unique: ix.config.unique,
        on: withRowid(
          ix.config.columns.map((c) => (is(c, SQL) ? sqlOf(c, dialect) : (c as { name: string }).name)),
          ix.config.unique ? null : dialect === 'sqlite' ? rowidOf(table) : null,
        ),
        where: ix.config.where ? sqlOf(ix.config.where, dialect) : null,
      }))
      .sort((a, b) => String(a.name).localeCompare(String(b.name))),
    checks: cfg.checks.map((ch) => ({ name: ch.name, value: sqlOf(ch.value, dialect) })),
    primaryKeys: cfg.primaryKeys.map((pk) => pk.columns.map(name)),
    uniques: cfg.uniqueConstraints.map((u) => ({ name: u.name, columns: u.columns.map(name) })),
  };
}

const tablesOf = (schema: Record<string, unknown>, kind: typeof SQLiteTable | typeof PgTable) =>
  Object.fromEntries(Object.entries(schema).filter(([, v]) => is(v, kind)));

describe('the PostgreSQL schema', () => {
  test('has the same tables as the SQLite schema, under the same export names', () => {
    expect(Object.keys(tablesOf(pgSchema, PgTable)).sort()).toEqual(
      Object.keys(tablesOf(sqliteSchema, SQLiteTable)).sort(),
    );
    expect(Object.keys(tablesOf(sqliteSchema, SQLiteTable)).length).toBe(36);
  });

  test.each(Object.entries(tablesOf(sqliteSchema, SQLiteTable)))(
    '%s: columns, types, defaults, keys, indexes and checks are equal',
    (exportName, table) => {
      const pgTable = (pgSchema as Record<string, unknown>)[exportName] as PgTable;
      expect(tableShape(pgTable, 'pg')).toEqual(tableShape(table as SQLiteTable, 'sqlite'));
    },
  );

  test('is what scripts/gen-pg-schema.ts writes from the SQLite schema today, and its migrations are generated', () => {
    const out = fs.mkdtempSync(path.join(os.tmpdir(), 'cgb-pgschema-'));
    try {
      execFileSync(process.execPath, ['--import', 'tsx', 'scripts/gen-pg-schema.ts', out], {
        cwd: REPO_ROOT,
        stdio: 'pipe',
      });
      const dir = path.join(REPO_ROOT, 'server/db/pg-schema');
      for (const f of fs.readdirSync(out))
        expect(fs.readFileSync(path.join(dir, f), 'utf8'), f).toBe(fs.readFileSync(path.join(out, f), 'utf8'));
      // drizzle-kit finds nothing to generate: server/db/pg-migrations matches the schema.
      const migrations = path.join(out, 'migrations');
      fs.cpSync(path.join(REPO_ROOT, 'server/db/pg-migrations'), migrations, { recursive: true });
      const config = path.join(out, 'drizzle.config.json');
      fs.writeFileSync(
        config,
        JSON.stringify({
          dialect: 'postgresql',
          schema: path.relative(REPO_ROOT, path.join(dir, 'index.ts')),
          out: path.relative(REPO_ROOT, migrations),
        }),
      );
      const said = execFileSync(
        process.execPath,
        [path.join(REPO_ROOT, 'node_modules/drizzle-kit/bin.cjs'), 'generate', `--config=${config}`],
        { cwd: REPO_ROOT, encoding: 'utf8' },
      );
      expect(said).toContain('No schema changes');
    } finally {
      fs.rmSync(out, { recursive: true, force: true });
    }
  }, 60_000);
});
