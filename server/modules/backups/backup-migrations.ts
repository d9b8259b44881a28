import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { z } from 'zod';
import { DB_FILE } from '../../db/client';
import { takeBackup } from './backup-engine';

const journalSchema = z.object({ entries: z.array(z.object({ when: z.number(), tag: z.string() })) });

/** The newest migration this build carries (drizzle records its `when` as created_at). */
export function buildMigrations(migrationsDir: string): Array<{ when: number; tag: string }> {
  return journalSchema.parse(JSON.parse(fs.readFileSync(path.join(migrationsDir, 'meta', '_journal.json'), 'utf8')))
    .entries;
}

export function newestBuildMigrationAt(migrationsDir: string): number {
  return Math.max(0, ...buildMigrations(migrationsDir).map((e) => e.when));
}

/** The newest migration applied to an open store, or null before the first. */
export function appliedMigrationAt(sqlite: Database.Database): number | null {
  const table = sqlite
    .prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = '__drizzle_migrations'")
    .get();
  if (!table) return null;
  const at = sqlite.prepare('SELECT MAX(created_at) FROM __drizzle_migrations').pluck().get();
  return at === null || at === undefined ? null : Number(at);
}

/**
 * Why a store whose newest migration is `at` cannot run on this build, or null: a backup from a
 * newer version holds tables or columns this build does not know, and the migrator cannot go back.
 */
export function newerThanBuild(at: number | null, migrationsDir: string): string | null {
  if (at === null || at <= newestBuildMigrationAt(migrationsDir)) return null;
  return `This backup was made by a newer version of CG Bridge (its database is at a migration from ${new Date(at).toISOString()}, this version knows migrations up to ${new Date(newestBuildMigrationAt(migrationsDir)).toISOString()}). Install that version or newer to restore it.`;
}

/**
 * Before the migrator changes an existing store (an update), a verified backup of it as it was:
 * the way back if the new version's migration or code goes wrong. A new install has nothing to keep.
 */
export async function backupBeforeMigrations(
  dataDir: string,
  migrationsDir: string,
  appVersion: string,
  at: Date,
): Promise<string | null> {
  const dbFile = path.join(dataDir, DB_FILE);
  if (!fs.existsSync(dbFile)) return null;
  const sqlite = new Database(dbFile);
  try {
    const applied = appliedMigrationAt(sqlite);
    if (applied === null || applied >= newestBuildMigrationAt(migrationsDir)) return null;
    const manifest = await takeBackup(sqlite, backupsDir(dataDir), { at, reason: 'before-migrations', appVersion });
    return manifest.file;
  } finally {
    sqlite.close();
  }
}

export const backupsDir = (dataDir: string) => path.join(dataDir, 'backups');
