/**
 * What a station export holds, table by table (docs/station-export.md). Every table of the store
 * is either exported here, scoped to the station, or named in EXCLUDED_TABLES with the reason:
 * export-tables.test.ts fails when a migration adds a table that is neither, so the export stays
 * complete as the schema grows.
 */

/** How a table's rows are tied to the station; `?` is the station's company id. */
export interface ExportedTable {
  table: string;
  /** SQL condition on the table's own columns selecting the station's rows. */
  where: string;
  /** Columns never written to the archive (secrets); named in the manifest. */
  omit?: readonly string[];
  /** A row changed before it is written (a secret inside a JSON column). */
  redact?: (row: Record<string, unknown>) => Record<string, unknown>;
}

const byCompany = 'company_id = ?';

/** An output's JSON config without its device password (OBS): the station sets it again. */
function withoutDevicePassword(row: Record<string, unknown>): Record<string, unknown> {
  if (typeof row.config !== 'string') return row;
  try {
    const config = JSON.parse(row.config) as unknown;
    if (typeof config !== 'object' || config === null || !('password' in config)) return row;
    return { ...row, config: JSON.stringify({ ...config, password: null }) };
  } catch {
    return row;
  }
}

/** In parent-first order, so an importer can insert the files one after another. */
export const EXPORTED_TABLES: readonly ExportedTable[] = [
  { table: 'companies', where: 'id = ?' },
  { table: 'users', where: byCompany, omit: ['password_hash'] },
  { table: 'company_settings', where: byCompany, omit: ['telegram_bot_token', 'auth_token'] },
  { table: 'notification_preferences', where: byCompany },
  { table: 'api_keys', where: byCompany, omit: ['key_hash'] },
  { table: 'overlay_keys', where: byCompany, omit: ['key', 'key_hash'] },
  { table: 'news', where: byCompany },
  { table: 'news_revisions', where: byCompany },
  { table: 'cg_files', where: byCompany },
  { table: 'bulletins', where: byCompany },
  // No company_id of its own: the items of the station's bulletins.
  { table: 'bulletin_items', where: 'bulletin_id IN (SELECT id FROM bulletins WHERE company_id = ?)' },
  { table: 'prompters', where: byCompany },
  { table: 'prompter_sessions', where: byCompany },
  { table: 'equipment', where: byCompany },
  { table: 'equipment_requests', where: byCompany },
  { table: 'extension_requests', where: byCompany },
  { table: 'equipment_activities', where: byCompany },
  { table: 'equipment_alerts', where: byCompany },
  { table: 'google_sheets_connections', where: byCompany, omit: ['service_account_key'] },
  { table: 'google_sheets_rows', where: byCompany },
  { table: 'wire_feeds', where: byCompany },
  { table: 'wire_items', where: byCompany },
  { table: 'wire_stories', where: byCompany },
  { table: 'outputs', where: byCompany, redact: withoutDevicePassword },
  { table: 'app_versions', where: byCompany },
  { table: 'app_version_files', where: byCompany },
  { table: 'app_version_feed_keys', where: byCompany, omit: ['key'] },
  { table: 'as_run', where: byCompany },
  { table: 'activity_logs', where: byCompany },
];

/** Tables deliberately left out, with the reason the manifest gives. */
export const EXCLUDED_TABLES: Readonly<Record<string, string>> = {
  sessions: 'Sign-in sessions (token hashes): everyone signs in again on the new store.',
  login_attempts: 'Password checks of the last minute (the shared login limit): not the station’s.',
  cg_next: 'NEXT (take mode): texts staged for a Take are not carried; the station starts with NEXT empty.',
  editing_presence: 'Who has a story, bulletin or prompter open now: live presence, not the station’s data.',
  idempotency_keys:
    'The answers of the last minutes’ writes, kept so a repeated request is not done twice: not the station’s.',
  store_secrets: 'The key this store signs download links with: each store makes its own.',
  app_version_file_chunks:
    'The App Version installer files kept in a PostgreSQL store for its servers: the archive carries no installer files (see below).',
  __drizzle_migrations:
    "The server's migration history, not the station's: the manifest names the newest migration instead.",
  sqlite_sequence: "SQLite's own id counters: the importer sets its sequences past the highest id of each table.",
};

/**
 * Named in the manifest and on the Settings card: what the archive does not carry, so the station
 * knows what to set again after an import.
 */
export const NOT_INCLUDED: readonly string[] = [
  'Passwords (users.password_hash): every user sets a new password after an import (a reset by the owner).',
  'Sign-in sessions (the sessions table): everyone signs in again.',
  'API key secrets (api_keys.key_hash): the keys are listed (name, prefix, scopes) but must be issued again.',
  'The HTML overlay key (overlay_keys.key, key_hash): rotate the key after an import and give OBS/vMix/CasparCG the new address.',
  'The update-feed key (app_version_feed_keys.key): a new one is made on the new store.',
  'The Telegram bot token and auth token (company_settings.telegram_bot_token, auth_token): enter the bot token again.',
  'The Google Sheets service-account key (google_sheets_connections.service_account_key): connect the sheet again.',
  'Output device passwords (outputs.config password, OBS): enter them again under Outputs.',
  'App Version installer files (data/app-versions): large build files; upload them again (their rows are in the archive).',
  'Backups and backup settings: they belong to the PC, not to the station.',
];

/** Tables of a schema the export neither exports nor excludes (export-tables.test.ts: must be none). */
export function unplacedTables(schemaTables: readonly string[]): string[] {
  const placed = new Set([...EXPORTED_TABLES.map((t) => t.table), ...Object.keys(EXCLUDED_TABLES)]);
  return schemaTables.filter((t) => !placed.has(t));
}
