import { getTableColumns, is } from 'drizzle-orm';
import { getTableConfig, SQLiteTable, type SQLiteColumn } from 'drizzle-orm/sqlite-core';
import * as sqliteSchema from '../../db/schema';

/**
 * What the importer knows of each table (docs/station-export.md "Importing it"), read from the
 * drizzle schema rather than written by hand: its columns, how its rows get new ids, and every
 * column holding another row's id — the declared foreign keys plus the few links the schema keeps
 * without one (UNDECLARED_REFERENCES). station-import.test.ts fails when a column that looks like
 * a reference is in neither list nor in NOT_REFERENCES, so a migration cannot add one unnoticed.
 */

/** How a reference holds the id: a column of it, a JSON array of them, or inside a download URL. */
export type ReferenceKind = 'id' | 'id-array' | 'file-url';

export interface Reference {
  /** SQL name and drizzle key of the referring column. */
  column: string;
  key: string;
  /** The table whose id it holds. */
  parent: string;
  kind: ReferenceKind;
  notNull: boolean;
  /** A foreign key of the schema (the database checks it: a self-reference is set after the rows). */
  declared: boolean;
}

export interface ImportTable {
  /** SQL name (the archive's file name) and the export name in server/db/schema (tablesOf(tx)[…]). */
  name: string;
  exportName: string;
  /** By SQL name: the drizzle key and column (mapFromDriverValue turns a stored value into the row's). */
  columns: Map<string, { key: string; column: SQLiteColumn }>;
  /**
   * The table's own id when the import gives out new ones: 'serial' from the store's sequence,
   * 'random' a fresh 128-bit hex id (app_version_files, whose ids are random). Null: the key is
   * made of references only (company_settings.company_id, notification_preferences.user_id, …).
   */
  id: { column: string; key: string; kind: 'serial' | 'random' } | null;
  refs: Reference[];
}

/**
 * Links without a foreign key in the schema, each with why it has none. Rewritten like the others;
 * a link to a row not in the archive becomes null, or (NOT NULL) leaves its row out.
 */
export const UNDECLARED_REFERENCES: Readonly<
  Record<string, ReadonlyArray<{ column: string; parent: string; kind?: ReferenceKind }>>
> = {
  // A log outlives the user it names (schema/as-run.ts).
  as_run: [{ column: 'user_id', parent: 'users' }],
  // The uploader: kept as a plain id like the log's.
  app_version_files: [{ column: 'uploaded_by', parent: 'users' }],
  // History kept after the item is pruned or the story purged (schema/wires.ts).
  wire_stories: [
    { column: 'wire_item_id', parent: 'wire_items' },
    { column: 'news_id', parent: 'news' },
    { column: 'created_by', parent: 'users' },
  ],
  // Who staged NEXT and who took it last: plain ids, like a log's (cg_next is not exported).
  cg_next: [
    { column: 'updated_by', parent: 'users' },
    { column: 'last_take_user_id', parent: 'users' },
  ],
  // Who has a record open: live presence, never exported (schema/editing-presence.ts).
  editing_presence: [{ column: 'user_id', parent: 'users' }],
  // The revision a restore brought back (news/news-revisions.ts).
  news_revisions: [{ column: 'restored_from', parent: 'news_revisions' }],
  // The sync base of a sheet row is keyed by the equipment's id (google-sheets.repo.ts).
  google_sheets_rows: [{ column: 'row_id', parent: 'equipment' }],
  // JSON arrays of ids: the bulletins a prompter reads, the stations a version is offered to.
  prompters: [{ column: 'selected_bulletin_ids', parent: 'bulletins', kind: 'id-array' }],
  app_versions: [
    { column: 'target_companies', parent: 'companies', kind: 'id-array' },
    // /api/app-version/files/<id> of one of the station's uploads (app-versions.presenter.ts fileIdOf).
    { column: 'download_url', parent: 'app_version_files', kind: 'file-url' },
  ],
};

/** Columns whose names look like references but hold no id of ours (the completeness test reads this). */
export const NOT_REFERENCES: Readonly<Record<string, string>> = {
  'users.telegram_id': "Telegram's own user id",
  'google_sheets_connections.spreadsheet_id': "Google's spreadsheet id",
  // A story's, a bulletin's or a prompter's id, by `kind`: live presence, never exported.
  'editing_presence.record_id': 'the id of the story, bulletin or prompter its kind names',
};

const isSerial = (c: object) => 'autoIncrement' in c && c.autoIncrement === true;

function describeTable(table: SQLiteTable, exportName: string): ImportTable {
  const cfg = getTableConfig(table);
  const columns = new Map(
    Object.entries(getTableColumns(table) as Record<string, SQLiteColumn>).map(([key, column]) => [
      column.name,
      { key, column },
    ]),
  );
  const keyOf = (name: string) => {
    const found = columns.get(name);
    if (!found) throw new Error(`${cfg.name} has no column ${name}`);
    return found;
  };
  const refs: Reference[] = [];
  for (const fk of cfg.foreignKeys) {
    const ref = fk.reference();
    const parent = getTableConfig(ref.foreignTable).name;
    for (const c of ref.columns)
      refs.push({ column: c.name, key: keyOf(c.name).key, parent, kind: 'id', notNull: c.notNull, declared: true });
  }
  for (const extra of UNDECLARED_REFERENCES[cfg.name] ?? []) {
    const { key, column } = keyOf(extra.column);
    refs.push({ ...extra, key, kind: extra.kind ?? 'id', notNull: column.notNull, declared: false });
  }
  const pk = cfg.columns.filter((c) => c.primary);
  const own = pk.length === 1 && !refs.some((r) => r.column === pk[0]!.name) ? pk[0]! : null;
  const id = own
    ? { column: own.name, key: keyOf(own.name).key, kind: isSerial(own) ? ('serial' as const) : ('random' as const) }
    : null;
  return { name: cfg.name, exportName, columns, id, refs };
}

let described: Map<string, ImportTable> | null = null;

/** Every table of the schema by SQL name. */
export function importTables(): Map<string, ImportTable> {
  if (described) return described;
  described = new Map();
  for (const [exportName, value] of Object.entries(sqliteSchema)) {
    if (!is(value, SQLiteTable)) continue;
    const table = describeTable(value, exportName);
    described.set(table.name, table);
  }
  return described;
}
