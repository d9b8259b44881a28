import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CgFile } from '../../shared/contracts/cg-files';
import type { Output } from '../../shared/contracts/outputs';
import { OUTPUTS_LOCK_SPACE } from '../modules/outputs/outputs-duty';
import type { ApiClient } from '../test/api-client';
import { readCgFile } from '../test/cg-folder';
import { login } from '../test/factories';
import { startFakeCasparcg, type FakeCasparcg } from '../test/fake-casparcg';
import { startFakeObs, type FakeObs } from '../test/fake-obs';
import { startFakeVmix, type FakeVmix } from '../test/fake-vmix';
import { pgQuery, startPgCluster, type PgCluster } from '../test/pg-cluster';
import { pidAlive, spawnServer, type SpawnedServer } from '../test/spawn-server';
import { headlineOutputs } from '../test/headline-outputs';
import { startTestServer, type TestServer } from '../test/test-server';
import { TestSocket } from '../test/ws-client';

/**
 * Issue 43: with two servers on one PostgreSQL store exactly one drives a station's direct
 * outputs (a session advisory lock, server/modules/outputs/outputs-duty.ts); when that server dies
 * (SIGKILL of its own process) the other takes the outputs over within 5 s and sends the current
 * state once. A fake vMix (its HTTP API) counts what reaches it.
 */
let cluster: PgCluster;
let url: string;
let killed: SpawnedServer;
let a: TestServer;
let vmix: FakeVmix;
let caspar: FakeCasparcg;
let obs: FakeObs;
let onKilled: ApiClient;
let onA: ApiClient;
beforeAll(async () => {
  cluster = await startPgCluster({ durable: false });
  url = await cluster.createDatabase('two_servers_outputs');
  [vmix, caspar, obs] = await Promise.all([startFakeVmix(), startFakeCasparcg(), startFakeObs('pw')]);
  // The server that will die starts first, on its own, and so takes up the station's outputs.
  killed = await spawnServer(fs.mkdtempSync(path.join(os.tmpdir(), 'cgb-two-')), { DATABASE_URL: url });
  onKilled = await login({ url: killed.url } as TestServer, 'owner', 'owner-password');
  a = await startTestServer({ databaseUrl: url });
  onA = await login(a, 'owner', 'owner-password');
}, 60_000);
afterAll(async () => {
  await killed?.kill('SIGKILL');
  await a?.close();
  await Promise.all([vmix, caspar, obs].map((f) => f?.close().catch(() => undefined)));
  await cluster?.stop();
});

const FIELD = 'Lower Third/Headline.Text';
const POLL = { timeout: 5_000, interval: 20 };
const sets = () => vmix.calls.filter((c) => c.fn === 'SetText').map((c) => c.value);
/** The headlines CasparCG's template and OBS's text source were given, in order. */
const casparSets = () => caspar.cg().flatMap((c) => (c.data?.headline === undefined ? [] : [c.data.headline]));
const obsSets = () =>
  obs.requests.flatMap((r) =>
    r.requestType === 'SetInputSettings' && r.requestData?.inputName === 'CG Headline'
      ? [(r.requestData.inputSettings as { text?: string }).text]
      : [],
  );
const headline = (client: ApiClient, content: string) =>
  client.post('/api/cg-files/update-direct', { type: 'headline', content });

/** The connections holding station 1's outputs duty, by name (whichever process they belong to). */
async function holders(): Promise<string[]> {
  const rows = await pgQuery<{ name: string }>(
    url,
    `select a.application_name as name from pg_locks l join pg_stat_activity a on a.pid = l.pid
     where l.locktype = 'advisory' and l.granted and l.classid = ${OUTPUTS_LOCK_SPACE} and l.objid = 1`,
  );
  return rows.map((r) => r.name);
}

describe('the outputs of a station on two servers (issue 43)', () => {
  it('one server drives them: the current state once, each change once, whichever server it was made on', async () => {
    expect((await headline(onKilled, 'Before the output')).status).toBe(200);
    const made = await onKilled.post<Output>('/api/outputs', headlineOutputs.vmix(vmix, 'vMix studio'));
    expect(made.status).toBe(201);
    await expect.poll(() => vmix.fields.get(FIELD), POLL).toBe('Before the output');
    for (const body of [headlineOutputs.casparcg(caspar), headlineOutputs.obs(obs)])
      expect((await onKilled.post<Output>('/api/outputs', body)).status).toBe(201);
    await expect.poll(() => casparSets().at(-1), POLL).toBe('Before the output');
    await expect.poll(() => obsSets().at(-1), POLL).toBe('Before the output');
    await expect.poll(holders, POLL).toHaveLength(1);
    expect(a.services.outputs.duty?.holds(1)).toBe(false);

    expect((await headline(onA, 'From the other PC')).status).toBe(200);
    await expect.poll(() => vmix.fields.get(FIELD), POLL).toBe('From the other PC');
    expect((await headline(onKilled, 'From the driving PC')).status).toBe(200);
    await expect.poll(() => vmix.fields.get(FIELD), POLL).toBe('From the driving PC');
    // Time for a second driver's sends, were there one.
    await new Promise((r) => setTimeout(r, 1_200));
    expect(sets()).toEqual(['Before the output', 'From the other PC', 'From the driving PC']);
    expect(a.services.outputs.duty?.holds(1)).toBe(false);

    // The server that does not drive shows the status the driving one announced.
    await expect
      .poll(async () => (await onA.get<Output[]>('/api/outputs')).body[0]?.status.state, POLL)
      .toBe('connected');
  });

  it('the driving server is killed mid-burst: no acknowledged write lost, the other takes over within 5 s, sends the current state once, its folder equals the store', async () => {
    const onDying = burst(onKilled, 'headline', 'Dying PC line');
    const onLiving = burst(onA, 'infoline', 'Living PC line');
    let gaps = 0;
    const offGap = a.services.equipmentAlerts.ctx.bus.onGap(() => (gaps += 1));
    const page = await TestSocket.authed(a.url, onA.token!);
    await expect.poll(() => onDying.acked.length, POLL).toBeGreaterThanOrEqual(5);
    await killed.kill('SIGKILL');
    expect(pidAlive(killed.pid)).toBe(false);
    const started = performance.now();
    const setsAtKill = sets().length;
    const [casparAtKill, obsAtKill] = [casparSets().length, obsSets().length];
    const inFlightAtKill = onDying.inFlight;
    await onDying.stop();
    await expect.poll(() => a.services.outputs.duty?.holds(1), POLL).toBe(true);
    expect(performance.now() - started).toBeLessThan(5_000);
    await onLiving.stop();
    expect(onLiving.failed).toBe(0);

    const stored = (await onA.get<CgFile[]>('/api/cg-files')).body;
    const textOf = (type: string) => stored.find((f) => f.type === type)?.content;
    // The store holds the last acknowledged write of the dead server, or the one it was making.
    expect([onDying.acked.at(-1), inFlightAtKill]).toContain(textOf('headline'));
    expect(textOf('infoline')).toBe(onLiving.acked.at(-1));
    // The living server's folder equals the store; the vMix got the current state once.
    await expect.poll(() => readCgFile(a.baseDir, 'headline'), POLL).toBe(textOf('headline'));
    await expect.poll(() => readCgFile(a.baseDir, 'infoline'), POLL).toBe(textOf('infoline'));
    await expect.poll(() => vmix.fields.get(FIELD), POLL).toBe(textOf('headline'));
    await expect.poll(() => casparSets().at(-1), POLL).toBe(textOf('headline'));
    await expect.poll(() => obsSets().at(-1), POLL).toBe(textOf('headline'));
    await new Promise((r) => setTimeout(r, 1_200));
    // Each device got the current state once from its new driver, no history replayed.
    expect(sets().slice(setsAtKill)).toEqual([textOf('headline')]);
    expect(casparSets().slice(casparAtKill)).toEqual([textOf('headline')]);
    expect(obsSets().slice(obsAtKill)).toEqual([textOf('headline')]);
    expect(await holders()).toEqual([a.services.outputs.duty!.applicationName]);
    // The dead server may have answered a write it had not yet announced: the living one reads
    // again, and tells its pages to, without closing them.
    await expect.poll(() => gaps, POLL).toBeGreaterThanOrEqual(1);
    await page.waitFor('read_again', 5_000);
    expect(page.closeCode).toBeNull();
    page.close();
    offGap();

    expect((await headline(onA, 'After the takeover')).status).toBe(200);
    await expect.poll(() => vmix.fields.get(FIELD), POLL).toBe('After the takeover');
    expect(sets().slice(setsAtKill)).toEqual([textOf('headline'), 'After the takeover']);
  });
});

/** Sequential CG writes of one type until stopped: what was acknowledged, and the write on its way. */
function burst(client: ApiClient, type: string, prefix: string) {
  const state = { acked: [] as string[], inFlight: null as string | null, failed: 0, stopped: false };
  const running = (async () => {
    for (let i = 0; !state.stopped; i++) {
      const content = `${prefix} ${i}`;
      state.inFlight = content;
      try {
        const res = await client.post('/api/cg-files/update-direct', { type, content });
        if (res.status === 200) state.acked.push(content);
        else state.failed += 1;
      } catch {
        // The server died under this request: not acknowledged.
        return;
      }
      state.inFlight = null;
    }
  })();
  return Object.assign(state, {
    stop: async () => {
      state.stopped = true;
      await running;
    },
  });
}
