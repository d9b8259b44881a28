import { isoNow } from './columns';
import { blob, index, integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { companies } from './companies';

/** App version (docs/product.md §Data): one per company — the installer its desktops should run. */
export const appVersions = sqliteTable('app_versions', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  companyId: integer('company_id')
    .notNull()
    .unique()
    .references(() => companies.id),
  latestVersion: text('latest_version').notNull(),
  releaseNotes: text('release_notes').notNull(),
  downloadFileName: text('download_file_name').notNull(),
  downloadUrl: text('download_url'),
  fileSize: integer('file_size'),
  checksum: text('checksum'),
  isPublic: integer('is_public', { mode: 'boolean' }).notNull().default(true),
  targetCompanies: text('target_companies', { mode: 'json' }).$type<number[]>().notNull().default([]),
  createdAt: text('created_at').notNull().default(isoNow),
  updatedAt: text('updated_at').notNull().default(isoNow),
});

/** Uploaded installer files: stored under a random id, served with their original name. */
export const appVersionFiles = sqliteTable(
  'app_version_files',
  {
    /** Random, unguessable (128 bits, hex); also the file's name on disk. */
    id: text('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    originalName: text('original_name').notNull(),
    fileSize: integer('file_size').notNull(),
    checksum: text('checksum').notNull(),
    /** Base64 SHA-512 (what electron-updater verifies); null for files uploaded before issue 23. */
    sha512: text('sha512'),
    uploadedBy: integer('uploaded_by'),
    createdAt: text('created_at').notNull().default(isoNow),
  },
  (t) => [index('app_version_files_company_idx').on(t.companyId)],
);

/**
 * The key in a company's update-feed URL (issue 23): the desktop host is not a signed-in user,
 * so the feed is reached by an unguessable per-company key instead of a session.
 */
export const appVersionFeedKeys = sqliteTable('app_version_feed_keys', {
  companyId: integer('company_id')
    .primaryKey()
    .references(() => companies.id),
  key: text('key').notNull(),
  createdAt: text('created_at').notNull().default(isoNow),
});

/**
 * An uploaded installer's bytes in the store, about 1 MB a row (issue 43): on a PostgreSQL store
 * every server can serve an installer uploaded to another, or to the main PC before a takeover.
 * A file counts as stored once its chunks add up to its size (each chunk is its own write).
 * The SQLite store's one server keeps installers on its disk only: the table stays empty there.
 */
export const appVersionFileChunks = sqliteTable(
  'app_version_file_chunks',
  {
    fileId: text('file_id')
      .notNull()
      .references(() => appVersionFiles.id, { onDelete: 'cascade' }),
    // 0, 1, 2 …: the chunk's place in the file.
    seq: integer('seq').notNull(),
    bytes: blob('bytes', { mode: 'buffer' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.fileId, t.seq] })],
);

export type AppVersionRow = typeof appVersions.$inferSelect;
export type AppVersionFileRow = typeof appVersionFiles.$inferSelect;
