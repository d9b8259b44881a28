import { afterAll, beforeAll, describe, it } from 'vitest';
import { cgBurstRounds, CrashRig } from './crash-bursts-harness';
import { startPgCluster, type PgCluster } from './test/pg-cluster';

/**
 * Issue 42: the server on a PostgreSQL store (a throwaway cluster, fsync and synchronous_commit
 * on), SIGKILLed during bursts of CG writes: after each restart every acknowledged write is in
 * the store and every CG file equals it.
 */
let cluster: PgCluster;
let rig: CrashRig;
beforeAll(async () => {
  cluster = await startPgCluster();
  rig = await new CrashRig({ DATABASE_URL: await cluster.createDatabase('crash_bursts') }).start();
}, 60_000);
afterAll(async () => {
  await rig?.stop();
  await cluster?.stop();
});

describe('SIGKILL of the server on PostgreSQL during bursts of CG writes', () => {
  it(
    'CG writes (update-direct) on four types at once: each file equals the store, at its last or in-flight text',
    { timeout: 90_000 },
    () => cgBurstRounds(rig, 3),
  );
});
