import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AsRunPage } from '../../../shared/contracts/as-run';
import type { Output, OutputStatusEntry, OutputTestResult } from '../../../shared/contracts/outputs';
import { PEER_TEXT_MAX } from '../../integrations/outputs/output-driver';
import { startFakeCasparcg } from '../../test/fake-casparcg';
import { startFakeObs } from '../../test/fake-obs';
import { startFakeVmix } from '../../test/fake-vmix';
import { createStation } from '../../test/factories';
import { startTestServer, type TestServer } from '../../test/test-server';
import { OUTPUTS_BUSY_MESSAGE } from '../../workers/heavy-pool';

/**
 * Issue 37: what a hostile or dead device can do to a server every station shares — through the
 * real server, its outputs thread and its limits as production builds them.
 */
let server: TestServer;
const cleanups: Array<() => Promise<void>> = [];
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  for (const fn of cleanups.splice(0).reverse()) await fn();
  await server.close();
});

type Client = Awaited<ReturnType<typeof createStation>>['owner'];
const statusOf = async (client: Client, id: number) =>
  (await client.get<OutputStatusEntry[]>('/api/outputs/status')).body.find((s) => s.id === id)?.status;
const vmixBody = (url: string) => ({
  kind: 'vmix',
  name: 'Studio vMix',
  config: { url, input: 'Lower Third', mapping: [{ type: 'headline', field: 'Headline.Text' }] },
});

describe('direct outputs against hostile devices (issue 37)', () => {
  it('an OBS that fails every batch with a 5 MB comment: status, as-run rows and the Test’s answer stay short', async () => {
    const { owner } = await createStation(server);
    const obs = await startFakeObs(null);
    cleanups.push(() => obs.close());
    obs.failComment = 'ހ'.repeat(5 * 1024 * 1024);
    const made = await owner.post<Output>('/api/outputs', {
      kind: 'obs',
      name: 'Hostile OBS',
      config: { url: obs.url, mapping: [{ type: 'headline', input: 'CG Headline' }] },
    });
    expect(made.status).toBe(201);
    for (let i = 0; i < 10; i += 1)
      expect(
        (await owner.post('/api/cg-files/update-direct', { type: 'headline', content: `Write ${i}` })).status,
      ).toBe(200);

    const rows = async () => {
      await server.asRunRecorder.flush();
      return (await owner.get<AsRunPage>('/api/as-run?limit=100&output=Hostile%20OBS')).body.entries;
    };
    await expect.poll(async () => (await rows()).length, { timeout: 20_000 }).toBe(10);
    const logged = await rows();
    expect(Math.max(...logged.map((r) => r.message?.length ?? 0))).toBeLessThanOrEqual(2 * PEER_TEXT_MAX);
    // The device's refusal did reach the log (cut), not only timeouts.
    expect(logged.some((r) => r.result === 'error' && r.message?.startsWith('OBS SetInputSettings failed: ހހ'))).toBe(
      true,
    );
    const status = (await owner.get<OutputStatusEntry[]>('/api/outputs/status')).body;
    expect(status[0]?.status).toMatchObject({
      state: 'error',
      message: expect.stringMatching(/^OBS SetInputSettings failed: ހ/) as string,
    });
    expect(JSON.stringify(status).length).toBeLessThan(2_000);

    // The Test's answer echoes the device's version strings: cut too.
    obs.failComment = null;
    obs.obsVersion = 'ހ'.repeat(5 * 1024 * 1024);
    const test = await owner.post<OutputTestResult>(`/api/outputs/${made.body.id}/test`);
    expect(test.body.ok).toBe(true);
    expect(test.body.message.length).toBeLessThanOrEqual(2 * PEER_TEXT_MAX + 40);
  }, 60_000);

  it('a vMix answering 64 MB to the Test: its first 64 KB are read, the rest never sent', async () => {
    const { owner } = await createStation(server);
    const vmix = await startFakeVmix();
    cleanups.push(() => vmix.close());
    vmix.stateBytes = 64 * 1024 * 1024;
    const made = await owner.post<Output>('/api/outputs', { ...vmixBody(vmix.url), enabled: false });
    const test = await owner.post<OutputTestResult>(`/api/outputs/${made.body.id}/test`);
    expect(test.body).toEqual({ ok: true, message: 'vMix 27.0.0.49 answered; title input "Lower Third" found' });
    expect(vmix.stateFinished).toBe(false);
    expect(vmix.stateBytesWritten).toBeLessThan(16 * 1024 * 1024);
  }, 30_000);

  it('one station’s CasparCG that takes the connection and never answers, hammered with 300 Tests, stops no other station’s output; its share of the outputs thread comes back', async () => {
    // A server of its own: on a server without the fix this leaves the outputs thread stuck for good.
    const own = await startTestServer();
    cleanups.push(() => own.close());
    const a = await createStation(own);
    const b = await createStation(own);
    const vmix = await startFakeVmix();
    const silent = await startFakeCasparcg();
    cleanups.push(
      () => vmix.close(),
      () => silent.close(),
    );
    silent.mode = 'hang';
    const bOutput = await b.owner.post<Output>('/api/outputs', vmixBody(vmix.url));
    expect(bOutput.status).toBe(201);
    await expect
      .poll(async () => (await statusOf(b.owner, bOutput.body.id))?.state, { timeout: 10_000 })
      .toBe('connected');
    const aOutput = await a.owner.post<Output>('/api/outputs', {
      kind: 'casparcg',
      name: 'Silent',
      enabled: false,
      config: { host: '127.0.0.1', port: silent.port, template: 'lower' },
    });

    const answers = await Promise.all(
      Array.from({ length: 300 }, () => a.owner.post<OutputTestResult>(`/api/outputs/${aOutput.body.id}/test`)),
    );
    expect(answers.every((r) => r.status === 200 && !r.body.ok)).toBe(true);

    // Station B's output still gets every change, and its status stays fine.
    await b.owner.post('/api/cg-files/update-direct', { type: 'headline', content: 'B is still on air' });
    await expect
      .poll(() => vmix.fields.get('Lower Third/Headline.Text'), { timeout: 10_000 })
      .toBe('B is still on air');
    expect(await statusOf(b.owner, bOutput.body.id)).toMatchObject({ state: 'connected', message: null });
    // Past its share, station A alone was told the thread is busy for it.
    expect(answers.filter((r) => r.body.message === OUTPUTS_BUSY_MESSAGE).length).toBeGreaterThan(0);

    // Every task A's Tests held is given back (their drivers were closed, or gave up at their limit).
    await expect.poll(() => own.outputsIo.load(a.companyId), { timeout: 15_000 }).toBe(0);
    // No restart needed: once its device answers, A's Test passes.
    silent.mode = 'ok';
    expect((await a.owner.post<OutputTestResult>(`/api/outputs/${aOutput.body.id}/test`)).body).toEqual({
      ok: true,
      message: 'CasparCG 2.3.0 b1234 Stable answered',
    });
  }, 60_000);
});
