import type { TestProject } from 'vitest/node';
import { openPostgres } from '../db/pg-client';
import { startPgCluster } from './pg-cluster';

/** A database migrated once per run; each test server's database is a copy of it (no migrations per start). */
export const TEMPLATE_DATABASE = 'cgb_template';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The throwaway cluster of the `unit-pg` project: each test server gets a database of its own on it. */
    cgbPgUrl: string;
  }
}

/**
 * The API suite on PostgreSQL (issue 42): one throwaway cluster for the whole run (started in
 * about a second, fsync off: the crash tests prove durability on their own clusters), stopped at
 * the end; every test server creates its own database on it.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const cluster = await startPgCluster({ durable: false });
  const template = await openPostgres(await cluster.createDatabase(TEMPLATE_DATABASE));
  await template.close();
  project.provide('cgbPgUrl', cluster.url);
  return () => cluster.stop();
}
