import { randomBytes } from 'node:crypto';
import { eq, getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { isSqlite, tablesOf, type Q } from '../../db/store';
import { fileDownloadPath, fileIdOf } from '../app-versions/app-versions.presenter';
import { fillRow, type FillContext } from './import-fill';
import type { ImportPlan, PlannedTable } from './import-plan';
import { batches, storedRowsOf, toRow, type Row } from './import-rows';
import type { Reference } from './import-schema';

/** Per table: the archive's id → the id on this store. */
export type IdMaps = Map<string, Map<unknown, unknown>>;

/** What the operator is told: rows in per table, rows left out and why, links set to none. */
export interface ImportReport {
  imported: Map<string, number>;
  leftOut: Map<string, { rows: number; reason: string }>;
  /** "table.column" → rows whose link named a row not in the archive (now null / dropped from a list). */
  nulled: Map<string, number>;
}

/** Parameters per multi-row insert stay far below SQLite's 32 766 and PostgreSQL's 65 535. */
const PARAMETERS_PER_INSERT = 30_000;

/** Rows of a raw query on either engine (drizzle: SQLite's `all`, PostgreSQL's `execute`). */
type RawQuery = { all(q: SQL): unknown[] } & { execute(q: SQL): Promise<{ rows: unknown[] }> };

async function allRows<T>(tx: Q, query: SQL): Promise<T[]> {
  const raw = tx as unknown as RawQuery;
  return (isSqlite(tx) ? raw.all(query) : (await raw.execute(query)).rows) as T[];
}

/**
 * `n` ids from the table's own sequence, ascending. SQLite: past both the AUTOINCREMENT counter and
 * the highest id (the write holds the only writer; inserting them moves the counter past them).
 * PostgreSQL: taken from the identity sequence itself, so the sequence is past them already and no
 * other server's insert can get one.
 */
async function serialIds(tx: Q, table: string, column: string, n: number): Promise<number[]> {
  if (n === 0) return [];
  if (isSqlite(tx)) {
    const [row] = await allRows<{ top: number }>(
      tx,
      sql`SELECT max(coalesce((SELECT seq FROM sqlite_sequence WHERE name = ${table}), 0), coalesce((SELECT max(${sql.identifier(column)}) FROM ${sql.identifier(table)}), 0)) AS top`,
    );
    const top = Number(row?.top ?? 0);
    return Array.from({ length: n }, (_, i) => top + 1 + i);
  }
  const rows = await allRows<{ id: string | number }>(
    tx,
    sql`SELECT nextval(pg_get_serial_sequence(${`"${table}"`}, ${column})) AS id FROM generate_series(1, ${n})`,
  );
  return rows.map((r) => Number(r.id)).sort((a, b) => a - b);
}

/** New ids for every table's rows before any row goes in (the archive's order kept: ascending to ascending). */
export async function newIds(tx: Q, plan: ImportPlan): Promise<IdMaps> {
  const maps: IdMaps = new Map();
  for (const { spec, oldIds } of plan.tables) {
    if (!spec.id) continue;
    const ids =
      spec.id.kind === 'serial'
        ? await serialIds(tx, spec.name, spec.id.column, oldIds.length)
        : oldIds.map(() => randomBytes(16).toString('hex'));
    maps.set(spec.name, new Map(oldIds.map((old, i) => [old, ids[i]])));
  }
  return maps;
}

/**
 * Rewrites one reference of a row through the maps: 'kept' (or nothing to rewrite), 'nulled' (a
 * link to a row not in the archive, now null or dropped from its list), 'missing' (such a link in a
 * NOT NULL column: the row cannot be kept).
 */
function rewrite(row: Row, ref: Reference, maps: IdMaps): 'kept' | 'nulled' | 'missing' {
  const value = row[ref.key];
  if (value === null || value === undefined) return 'kept';
  const map = maps.get(ref.parent);
  if (ref.kind === 'id-array') {
    const ids = Array.isArray(value) ? (value as unknown[]) : [];
    const kept = ids.map((id) => map?.get(id)).filter((id) => id !== undefined);
    row[ref.key] = kept;
    return kept.length === ids.length ? 'kept' : 'nulled';
  }
  if (ref.kind === 'file-url') {
    // A URL that names no upload of the station's (another site's installer) stays as it is.
    const fileId = typeof value === 'string' ? fileIdOf(value) : null;
    const to = fileId ? map?.get(fileId) : undefined;
    if (typeof to === 'string') row[ref.key] = fileDownloadPath(to);
    return 'kept';
  }
  const to = map?.get(value);
  if (to !== undefined) {
    row[ref.key] = to;
    return 'kept';
  }
  if (ref.notNull) return 'missing';
  row[ref.key] = null;
  return 'nulled';
}

const countNulled = (report: ImportReport, table: string, ref: Reference) => {
  const key = `${table}.${ref.column}`;
  report.nulled.set(key, (report.nulled.get(key) ?? 0) + 1);
};

/** The row's links rewritten; the reference that keeps it out, if any. */
function rewriteAll(row: Row, refs: Reference[], maps: IdMaps, report: ImportReport, table: string) {
  for (const ref of refs) {
    const how = rewrite(row, ref, maps);
    if (how === 'missing') return ref;
    if (how === 'nulled') countNulled(report, table, ref);
  }
  return null;
}

/**
 * One table's rows, in multi-row inserts, each row's links rewritten and its table's own values
 * filled in. Links into the table itself (users.updated_by, a revision's restored_from) are set
 * once all its rows are in: a user may have been edited by one created after them.
 */
export async function insertTable(
  tx: Q,
  { spec, file }: PlannedTable,
  maps: IdMaps,
  fill: FillContext,
  report: ImportReport,
): Promise<void> {
  const target = (tablesOf(tx) as unknown as Record<string, PgTable>)[spec.exportName]!;
  const self = spec.refs.filter((r) => r.parent === spec.name);
  const others = spec.refs.filter((r) => r.parent !== spec.name);
  const later: Array<{ id: unknown; links: Row }> = [];
  const own = spec.id ? maps.get(spec.name)! : null;
  let imported = 0;
  for (const batch of batches(storedRowsOf(spec, file), Math.floor(PARAMETERS_PER_INSERT / spec.columns.size))) {
    const rows: Row[] = [];
    for (const stored of batch) {
      const row = toRow(spec, stored);
      const oldId = spec.id ? row[spec.id.key] : undefined;
      const missing = rewriteAll(row, others, maps, report, spec.name);
      if (missing) {
        leaveOut(report, spec.name, missing);
        // Links to it from the tables after this one become null (or leave their rows out) in turn.
        own?.delete(oldId);
        continue;
      }
      if (spec.id) row[spec.id.key] = own!.get(oldId);
      fillRow(spec.name, row, oldId, fill);
      const links = Object.fromEntries(self.filter((r) => row[r.key] != null).map((r) => [r.key, row[r.key]]));
      if (Object.keys(links).length) {
        later.push({ id: row[spec.id!.key], links });
        for (const key of Object.keys(links)) row[key] = null;
      }
      rows.push(row);
    }
    if (rows.length) await tx.insert(target).values(rows);
    imported += rows.length;
  }
  report.imported.set(spec.name, imported);
  await setSelfLinks(tx, target, spec.id?.key, self, later, maps, report, spec.name);
}

function leaveOut(report: ImportReport, table: string, ref: Reference): void {
  const reason = `its ${ref.column} names a row of ${ref.parent} that is not in the archive`;
  const before = report.leftOut.get(table);
  report.leftOut.set(table, { rows: (before?.rows ?? 0) + 1, reason: before?.reason ?? reason });
}

async function setSelfLinks(
  tx: Q,
  target: PgTable,
  idKey: string | undefined,
  self: Reference[],
  later: Array<{ id: unknown; links: Row }>,
  maps: IdMaps,
  report: ImportReport,
  table: string,
): Promise<void> {
  if (!later.length || !idKey) return;
  const idColumn = getTableColumns(target)[idKey]!;
  for (const { id, links } of later) {
    const row: Row = { ...links };
    // Set after the rows, so never NOT NULL (a NOT NULL link to its own table would need deferred checks).
    rewriteAll(
      row,
      self.filter((r) => r.key in links).map((r) => ({ ...r, notNull: false })),
      maps,
      report,
      table,
    );
    await tx.update(target).set(row).where(eq(idColumn, id));
  }
}
