import type { CheckedArchive } from './import-archive';
import { ImportRefused } from './import-archive';
import { storedRowsOf, type StoredRow } from './import-rows';
import { importTables, type ImportTable } from './import-schema';
import { EXPORTED_TABLES } from './export-tables';

export interface PlannedTable {
  spec: ImportTable;
  file: string;
  rows: number;
  /** The table's ids in the archive (tables that get new ids), ascending. */
  oldIds: unknown[];
}

export interface ImportPlan {
  tables: PlannedTable[];
  users: StoredRow[];
}

const exported = new Set(EXPORTED_TABLES.map((t) => t.table));

/**
 * Reads the checked archive once before the store is touched: every table one this version imports,
 * the station's own companies row first, parents before children (the rows go in in this order),
 * every line a row of known columns; and collects what the write needs up front — each table's ids
 * (new ones are given out for all of them first, so a link to a later table is rewritten too) and
 * the users (their passwords are hashed outside the write).
 */
export function planTables(archive: CheckedArchive): ImportPlan {
  const known = importTables();
  const names = archive.tables.map((t) => t.table);
  const plan: ImportPlan = { tables: [], users: [] };
  for (const [index, entry] of archive.tables.entries()) {
    const spec = known.get(entry.table);
    if (!spec || !exported.has(entry.table))
      throw new ImportRefused(`The archive holds a table this version of CG Bridge does not import: ${entry.table}`);
    for (const ref of spec.refs) {
      const at = names.indexOf(ref.parent);
      if (ref.declared && ref.parent !== spec.name && at > index)
        throw new ImportRefused(`The archive lists ${entry.table} before ${ref.parent}, which it refers to`);
    }
    const oldIds: unknown[] = [];
    for (const row of storedRowsOf(spec, entry.file)) {
      if (spec.id) oldIds.push(row[spec.id.column]);
      if (spec.name === 'users') plan.users.push(row);
    }
    if (spec.id?.kind === 'serial') (oldIds as number[]).sort((a, b) => a - b);
    plan.tables.push({ spec, file: entry.file, rows: entry.rows, oldIds });
  }
  checkStation(archive, plan);
  return plan;
}

/** The archive is one station's: its companies row, first, is the manifest's station. */
function checkStation(archive: CheckedArchive, plan: ImportPlan): void {
  const companies = plan.tables[0];
  const station = archive.manifest.station;
  if (companies?.spec.name !== 'companies' || companies.oldIds.length !== 1 || companies.oldIds[0] !== station.id)
    throw new ImportRefused(
      `The archive's first table must be companies holding the station ${station.id} alone: it is not a station export`,
    );
}
