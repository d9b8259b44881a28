import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import type { Browser } from 'playwright-core';
import { REPO_ROOT } from '../../server/config';
import { startPgCluster, type PgCluster } from '../../server/test/pg-cluster';
import { startTestServer, type TestServer } from '../../server/test/test-server';
import { launchChromium } from './app-fixture';

export interface TwoServers {
  a: TestServer;
  b: TestServer;
  browser: Browser;
  /** Shuts server A down (the PC lost); afterAll then leaves it alone. */
  closeA: () => Promise<void>;
}

/**
 * Issue 43, clients follow: two CG Bridge servers with the UI on one PostgreSQL store (two MCR
 * PCs) and Chromium, for a file's tests. `page` is the built page the file needs
 * ('index.html', 'overlay.html'). Each part is stopped after the file even if the one before
 * failed: a left-over server or cluster outlives the run.
 */
export function twoServersOnOneStore(database: string, page: string): () => TwoServers {
  let cluster: PgCluster | undefined;
  let a: TestServer | undefined;
  let b: TestServer | undefined;
  let browser: Browser | undefined;
  let aClosed = false;
  beforeAll(async () => {
    if (!fs.existsSync(path.join(REPO_ROOT, 'out', 'renderer', page)))
      throw new Error('The web UI is not built: run `node scripts/build-web.mjs` first');
    cluster = await startPgCluster({ durable: false });
    const databaseUrl = await cluster.createDatabase(database);
    a = await startTestServer({ withUi: true, databaseUrl });
    b = await startTestServer({ withUi: true, databaseUrl });
    browser = await launchChromium();
  });
  afterAll(async () => {
    const stops = [
      () => browser?.close(),
      () => b?.close(),
      () => (aClosed ? undefined : a?.close()),
      () => cluster?.stop(),
    ];
    for (const stop of stops) {
      try {
        await stop();
      } catch (err) {
        console.error(err);
      }
    }
  });
  return () => {
    if (!a || !b || !browser) throw new Error('not started');
    const started = a;
    return {
      a,
      b,
      browser,
      closeA: async () => {
        await started.close();
        aClosed = true;
      },
    };
  };
}
