import type { StartOptions } from '../index';
import { startPgCluster, type PgCluster } from './pg-cluster';
import { startTestServer, type TestServer } from './test-server';

/** Two real servers, A and B, on one database of a throwaway PostgreSQL cluster (issue 43). */
export interface TwoServers {
  cluster: PgCluster;
  url: string;
  a: TestServer;
  b: TestServer;
}

/** A starts first (it takes the store's duties), then B; both with `options`. */
export async function startTwoServers(database: string, options: StartOptions = {}): Promise<TwoServers> {
  const cluster = await startPgCluster({ durable: false });
  try {
    const url = await cluster.createDatabase(database);
    const a = await startTestServer({ ...options, databaseUrl: url });
    const b = await startTestServer({ ...options, databaseUrl: url }).catch(async (err: unknown) => {
      await a.close();
      throw err;
    });
    return { cluster, url, a, b };
  } catch (err) {
    await cluster.stop();
    throw err;
  }
}

/** B, then A (unless a test closed it already), and the cluster whatever happens. */
export async function stopTwoServers(two: TwoServers | undefined, aClosed = false): Promise<void> {
  if (!two) return;
  try {
    await two.b.close();
    if (!aClosed) await two.a.close();
  } finally {
    await two.cluster.stop();
  }
}
