import { integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { companies } from './companies';
import { users } from './users';

/**
 * One Google Sheets connection per company (issue 15). The service-account key is stored as
 * uploaded and never leaves the server; connectedBy is the user scheduled syncs act for.
 */
export const googleSheetsConnections = sqliteTable('google_sheets_connections', {
  companyId: integer('company_id')
    .primaryKey()
    .references(() => companies.id),
  serviceAccountKey: text('service_account_key'),
  spreadsheetId: text('spreadsheet_id'),
  connectedBy: integer('connected_by').references(() => users.id),
  /** Hash of the last grid written: an unchanged grid is not written again. */
  lastPushHash: text('last_push_hash'),
  lastPushAt: text('last_push_at'),
  lastPullAt: text('last_pull_at'),
  lastError: text('last_error'),
  updatedAt: text('updated_at').notNull(),
});

/**
 * The editable cells of each equipment row as last synced (a hash): a row whose sheet cells differ
 * from it was edited in the sheet; a row whose database fields differ was edited in the app.
 */
export const googleSheetsRows = sqliteTable(
  'google_sheets_rows',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    rowId: integer('row_id').notNull(),
    hash: text('hash').notNull(),
    syncedAt: text('synced_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.rowId] })],
);

export type GoogleSheetsConnectionRow = typeof googleSheetsConnections.$inferSelect;
