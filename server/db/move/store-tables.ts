import { getTableColumns, is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { getTableConfig, SQLiteTable } from 'drizzle-orm/sqlite-core';
import * as pgSchema from '../pg-schema';
import * as sqliteSchema from '../schema';

/** One table of the store as both engines know it (the same export name in both schemas). */
export interface StoreTable {
  name: string;
  sqlite: SQLiteTable;
  pg: PgTable;
  /** JS keys of the primary key's columns: rows are read in this order on both sides. */
  keys: string[];
  /** JS keys of columns referencing this same table (users.updated_by): filled in after the rows. */
  selfRefs: string[];
}

/**
 * Every table, parents before children (foreign keys), so a copy inserts in order. A cycle between
 * two tables would need deferred constraints; none exists, and this throws if one appears.
 */
export function storeTables(): StoreTable[] {
  const tables = new Map<string, StoreTable>();
  const deps = new Map<string, Set<string>>();
  for (const [exportName, value] of Object.entries(sqliteSchema)) {
    if (!is(value, SQLiteTable)) continue;
    const pgTable = (pgSchema as Record<string, unknown>)[exportName];
    if (!is(pgTable, PgTable)) throw new Error(`server/db/pg-schema has no table ${exportName}`);
    const cfg = getTableConfig(value);
    const keyOf = new Map(
      Object.entries(getTableColumns(value) as Record<string, { name: string }>).map(([k, c]) => [c.name, k]),
    );
    const pk = cfg.primaryKeys[0]?.columns ?? cfg.columns.filter((c) => c.primary);
    const selfRefs: string[] = [];
    const parents = new Set<string>();
    for (const fk of cfg.foreignKeys) {
      const ref = fk.reference();
      const parent = getTableConfig(ref.foreignTable).name;
      if (parent === cfg.name) selfRefs.push(...ref.columns.map((c) => keyOf.get(c.name)!));
      else parents.add(parent);
    }
    tables.set(cfg.name, {
      name: cfg.name,
      sqlite: value,
      pg: pgTable,
      keys: pk.map((c) => keyOf.get(c.name)!),
      selfRefs,
    });
    deps.set(cfg.name, parents);
  }
  const ordered: StoreTable[] = [];
  const placed = new Set<string>();
  while (ordered.length < tables.size) {
    const ready = [...tables.keys()].filter((n) => !placed.has(n) && [...deps.get(n)!].every((p) => placed.has(p)));
    if (!ready.length)
      throw new Error(`foreign keys form a cycle among ${[...tables.keys()].filter((n) => !placed.has(n)).join(', ')}`);
    for (const n of ready.sort()) {
      placed.add(n);
      ordered.push(tables.get(n)!);
    }
  }
  return ordered;
}
