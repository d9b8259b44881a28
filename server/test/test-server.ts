import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { REPO_ROOT } from '../config';
import { TEMPLATE_DATABASE } from './pg-global-setup';
import { startServer, type RunningServer, type StartOptions } from '../index';
import { ManualClock } from '../lib/clock';
import { createLogger } from '../lib/logger';

export const DEV_OWNER = { username: 'devowner', password: 'dev-owner-password' } as const;

export interface TestServer extends RunningServer {
  dataDir: string;
  /** The PostgreSQL database it runs on (the `unit-pg` project), or null on SQLite. */
  databaseUrl: string | null;
  baseDir: string;
  clock: ManualClock;
}

/**
 * A real server on an ephemeral port with its own temp data directory. Its first owner is a dev,
 * so tests can create further companies through POST /api/companies.
 */
export async function startTestServer(options: StartOptions & { withUi?: boolean } = {}): Promise<TestServer> {
  const baseDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cgb-test-'));
  const dataDir = path.join(baseDir, 'data');
  const clock = new ManualClock();
  const database = options.databaseUrl === undefined ? await testDatabase() : null;
  const server = await startServer({
    port: 0,
    host: '127.0.0.1',
    dataDir,
    baseDir,
    webDir: options.withUi ? path.join(REPO_ROOT, 'out', 'renderer') : null,
    firstRun: {
      companyName: 'Station A',
      ownerUsername: DEV_OWNER.username,
      ownerPassword: DEV_OWNER.password,
      ownerRoletype: 'dev',
    },
    logger: createLogger(process.env.TEST_LOG_LEVEL === 'debug' ? 'debug' : 'silent'),
    clock,
    // Existing suites test today's direct sends; take-mode tests pass true (or turn it on in settings).
    takeModeForNewCompanies: false,
    // The fake agencies listen on 127.0.0.1; tests of the default policy pass their own (issue 37).
    wiresNetwork: { allowPrivate: false, allowLoopback: true },
    ...(database ? { databaseUrl: database.url } : {}),
    ...options,
  });
  return {
    ...server,
    dataDir,
    databaseUrl: database?.url ?? options.databaseUrl ?? null,
    baseDir,
    clock,
    close: async () => {
      await server.close();
      await database?.drop();
      fs.rmSync(baseDir, { recursive: true, force: true });
    },
  };
}

/** Whether this run tests the PostgreSQL store (the `unit-pg` project: `CGB_TEST_STORE=postgres`). */
export const onPostgres = (): boolean => process.env.CGB_TEST_STORE === 'postgres';

/**
 * On the `unit-pg` project, a new database on the run's cluster (a copy of the migrated template)
 * for one test server, or for a test that stops a server and starts another on the same store;
 * dropped by `drop`. Null on SQLite (the store is the file in the data folder).
 */
export async function testDatabase(prefix = 'cgb'): Promise<{ url: string; drop(): Promise<void> } | null> {
  if (!onPostgres()) return null;
  const admin = inject('cgbPgUrl');
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const run = async (statement: string) => {
    const client = new pg.Client({ connectionString: admin });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await run(`CREATE DATABASE ${name} TEMPLATE ${TEMPLATE_DATABASE}`);
  return { url: admin.replace(/\/postgres$/, `/${name}`), drop: () => run(`DROP DATABASE ${name} WITH (FORCE)`) };
}

/**
 * A fresh server for `first`, then — while it still runs — a second one on the same data
 * directory for `restarted` (what a restart finds); both closed after.
 */
export async function withRestart(
  first: (s: TestServer) => Promise<void>,
  restarted: (s: TestServer) => Promise<void> | void,
): Promise<void> {
  const fresh = await startTestServer();
  try {
    await first(fresh);
    const again = await startTestServer({ dataDir: fresh.dataDir, databaseUrl: fresh.databaseUrl ?? undefined });
    try {
      await restarted(again);
    } finally {
      await again.close();
    }
  } finally {
    await fresh.close();
  }
}
