import type { ServerConfig } from '../config';
import { openDatabase, type Database_ } from './client';
import { openPostgres } from './pg-client';
import { postgresStore, sqliteStore, type Store } from './store';

export interface OpenedStore {
  store: Store;
  /** The SQLite store's own connection (backups, the CG write's prepared statements); null on PostgreSQL. */
  sqlite: Database_ | null;
  close(): Promise<void>;
}

/**
 * The store the configuration names (issue 42): PostgreSQL when DATABASE_URL is set, else the
 * SQLite file in the data folder. Either is migrated to this version before anything reads it.
 */
export async function openStore(config: ServerConfig): Promise<OpenedStore> {
  if (config.databaseUrl) {
    const store = postgresStore(await openPostgres(config.databaseUrl));
    return { store, sqlite: null, close: () => store.close() };
  }
  const sqlite = openDatabase(config.dataDir, config.migrationsDir);
  const store = sqliteStore(config.dataDir, sqlite);
  return {
    store,
    sqlite,
    close: async () => {
      await store.close();
      sqlite.close();
    },
  };
}
