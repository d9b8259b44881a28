import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HaStatus } from '../../../shared/contracts/ha';
import type { ApiClient } from '../../test/api-client';
import { SESSION_IDLE_MS } from '../../../shared/constants';
import { STORE_UNREACHABLE } from '../../lib/errors';
import { TestSocket } from '../../test/ws-client';
import { login } from '../../test/factories';
import { sql, startPgPair, type PgPair } from '../../test/pg-pair';
import { DEV_OWNER, startTestServer, type TestServer } from '../../test/test-server';

/**
 * Issue 43, main and backup with synchronous replication: the main acknowledges a commit only once
 * the backup has it, so a takeover loses nothing — the dialog says 0 and every acknowledged write
 * is on the backup. Here the main's PostgreSQL alone dies; the CG Bridge server (on the backup PC)
 * lives on, is asked to take over, and does.
 */
let pair: PgPair;
let server: TestServer;
let client: ApiClient;
beforeAll(async () => {
  pair = await startPgPair({ synchronous: true });
  server = await startTestServer({
    databaseUrl: pair.a.url,
    haPair: [pair.a.url, pair.b.url],
    wsExpiryCheckMs: 100,
  });
  client = await login(server, DEV_OWNER.username, DEV_OWNER.password);
}, 120_000);
afterAll(async () => {
  try {
    await server?.close();
  } finally {
    await pair?.stop();
  }
});

const POLL = { timeout: 15_000, interval: 50 };
const status = async () => (await client.get<HaStatus>('/api/ha/status')).body;

describe('a synchronous main and backup pair (issue 43)', () => {
  it('the main’s PostgreSQL dies mid-burst: 0 changes at risk, and every acknowledged write is on the backup', async () => {
    await expect.poll(async () => (await status()).synchronous, POLL).toBe(true);
    expect(await status()).toMatchObject({ main: 'PC-A', backup: 'PC-B', warning: null });
    const acked: string[] = [];
    let stop = false;
    const bursting = (async () => {
      for (let i = 0; !stop; i++) {
        const res = await client.post('/api/cg-files/update-direct', { type: 'headline', content: `Sync ${i}` });
        if (res.status !== 200) return;
        acked.push(`Sync ${i}`);
      }
    })();
    await expect.poll(() => acked.length, POLL).toBeGreaterThanOrEqual(20);
    const openBefore = await TestSocket.authed(server.url, client.token!);
    pair.a.kill9();
    stop = true;
    await bursting;

    await expect
      .poll(async () => (await status()).mainLost, POLL)
      .toMatchObject({
        main: 'PC-A',
        backup: 'PC-B',
        changesAtRisk: 0,
        synchronous: true,
      });
    // A page open before keeps its live channel through its session checks (the store cannot
    // answer them: no session is ended for that), and a page opening now joins, from the
    // backup's copy of the sessions, to hear the takeover.
    server.clock.advance(SESSION_IDLE_MS + 1_000);
    await new Promise((r) => setTimeout(r, 400));
    expect(openBefore.closeCode).toBeNull();
    server.clock.advance(-(SESSION_IDLE_MS + 1_000));
    const openedNow = await TestSocket.authed(server.url, client.token!);
    openedNow.close();
    openBefore.close();
    // Until the takeover, a write fails now and says why: 503, not a 500 nor a wait. Both carry an
    // Idempotency-Key as the app's do: keys kept in the silent store must not stop the takeover.
    const keyed = (path: string, body: unknown, key: string) =>
      client.request('POST', path, body, { 'Idempotency-Key': key });
    const refused = await keyed('/api/cg-files/update-direct', { type: 'headline', content: 'Nowhere' }, 'sync-1');
    expect(refused.status).toBe(503);
    expect(refused.body).toEqual({ message: STORE_UNREACHABLE });
    expect((await keyed('/api/ha/takeover', { confirm: true }, 'sync-2')).status).toBe(202);
    const [kept] = await sql<{ content: string }>(pair.b.url, `select content from cg_files where type = 'headline'`);
    // The last acknowledged write, or the one after it that committed as the main died.
    expect([acked.at(-1), `Sync ${acked.length}`]).toContain(kept?.content);

    await expect
      .poll(async () => {
        const again = await login(server, DEV_OWNER.username, DEV_OWNER.password).catch(() => null);
        if (again) client = again;
        return again ? (await status()).main : null;
      }, POLL)
      .toBe('PC-B');
    expect((await client.post('/api/cg-files/update-direct', { type: 'headline', content: 'On PC-B' })).status).toBe(
      200,
    );
  }, 60_000);
});
