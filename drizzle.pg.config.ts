import { defineConfig } from 'drizzle-kit';

/** The PostgreSQL store's migrations (issue 42), generated from server/db/pg-schema (itself generated from the SQLite schema). */
export default defineConfig({
  dialect: 'postgresql',
  schema: './server/db/pg-schema/index.ts',
  out: './server/db/pg-migrations',
});
