import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeAir } from '../../../shared/air-answer';
import type { AirTally } from '../../../shared/contracts/air';
import type { CgNext, TakeNextResponse } from '../../../shared/contracts/cg-next';
import { OUTPUTS, type Output, type OutputStatusEntry } from '../../../shared/contracts/outputs';
import type { Settings } from '../../../shared/contracts/settings';
import type { ApiClient } from '../../test/api-client';
import { startFakeCasparcg, type FakeCasparcg } from '../../test/fake-casparcg';
import { until } from '../../test/fake-device';
import { startFakeObs, type FakeObs } from '../../test/fake-obs';
import { startFakeVmix, type FakeVmix } from '../../test/fake-vmix';
import { createStation } from '../../test/factories';
import { headlineOutputs } from '../../test/headline-outputs';
import { startTestServer, type TestServer } from '../../test/test-server';
import { TestSocket } from '../../test/ws-client';

/**
 * Issue 38, tally and alarms on the server: a Take's answer names what each output did with it
 * (bounded by the send limit when the screen asks to wait), an output that keeps failing turns
 * Error within seconds (one status event), and the tally says what each output last confirmed.
 */
let server: TestServer;
let owner: ApiClient;
let readCg: (type: string) => string | null;
let caspar: FakeCasparcg;
let obs: FakeObs;
let vmix: FakeVmix;
const NAMES = ['CasparCG', 'OBS', 'vMix'];

beforeAll(async () => {
  server = await startTestServer();
  ({ owner, readCg } = await createStation(server));
  [caspar, obs, vmix] = await Promise.all([startFakeCasparcg(), startFakeObs('pw'), startFakeVmix()]);
  const bodies = [headlineOutputs.casparcg(caspar), headlineOutputs.obs(obs), headlineOutputs.vmix(vmix)];
  for (const body of bodies) expect((await owner.post<Output>('/api/outputs', body)).status).toBe(201);
  const settings = (await owner.get<Settings>('/api/settings')).body;
  expect((await owner.put('/api/settings', { takeMode: true, version: settings.version })).status).toBe(200);
  await until(
    () => caspar.cg().length > 0 && obs.identified > 0 && vmix.calls.length > 0,
    'every output to get the first state',
    10_000,
  );
}, 30_000);
afterAll(async () => {
  await server.close();
  await Promise.all([caspar, obs, vmix].map((f) => f.close().catch(() => undefined)));
});

/** Stages a headline and takes it; `wait` asks for the outputs' answer as the operator's screens do. */
async function stageAndTake(headline: string, wait = true) {
  const staged = await owner.post<{ next: CgNext }>('/api/cg-files/update-direct', {
    type: 'headline',
    content: headline,
  });
  expect(staged.status).toBe(200);
  const started = performance.now();
  const taken = await owner.post<TakeNextResponse>(`/api/cg-files/take${wait ? '?outputs=wait' : ''}`, {
    version: staged.body.next.version,
  });
  return { taken, ms: performance.now() - started };
}

const resultOf = (res: TakeNextResponse, output: string) => res.air?.outputs.find((o) => o.output === output);
const tally = async () => (await owner.get<AirTally>('/api/outputs/tally')).body;
const statuses = async () => (await owner.get<OutputStatusEntry[]>('/api/outputs/status')).body;

describe('a Take names each output’s result', () => {
  it('all outputs up: every output confirmed; the tally shows the text on each, on program', async () => {
    const { taken } = await stageAndTake('All outputs up');
    expect(taken.status).toBe(200);
    expect(taken.body.air?.outputs.map((o) => [o.output, o.result])).toEqual([
      ['files', 'ok'],
      ...NAMES.map((n) => [n, 'ok']),
    ]);
    expect(describeAir(taken.body.air!)).toMatchObject({ level: 'ok', line: 'On air: files, CasparCG, OBS, vMix' });
    const rows = (await tally()).outputs;
    expect(rows.map((r) => [r.output, r.current])).toEqual([
      ['files', true],
      ['overlay', false],
      ...NAMES.map((n) => [n, true]),
    ]);
    for (const row of rows.filter((r) => NAMES.includes(r.output)))
      expect(row.confirmed?.texts).toEqual([{ type: 'headline', content: 'All outputs up' }]);
  });

  it('without ?outputs=wait the answer does not wait for the devices: they read sending', async () => {
    // A vMix slower than any answer: the answer must come before it (CasparCG and OBS may or may
    // not have answered by then on a busy machine; either is right).
    vmix.answerAfterMs = 1_500;
    try {
      const { taken } = await stageAndTake('Not waited for', false);
      expect(vmix.fields.get('Lower Third/Headline.Text')).not.toBe('Not waited for');
      expect(taken.body.air?.outputs.map((o) => [o.output, o.result])).toEqual([
        ['files', 'ok'],
        ['CasparCG', expect.stringMatching(/^(ok|sending)$/)],
        ['OBS', expect.stringMatching(/^(ok|sending)$/)],
        ['vMix', 'sending'],
      ]);
      await until(() => vmix.fields.get('Lower Third/Headline.Text') === 'Not waited for', 'vMix to get it anyway');
    } finally {
      vmix.answerAfterMs = 0;
    }
  });

  it('every output refusing: the files air, the answer names each failure, each output is Error within seconds — once', async () => {
    const socket = await TestSocket.authed(server.url, owner.token ?? '');
    await Promise.all([caspar.close(), obs.close(), vmix.close()]);

    const { taken, ms } = await stageAndTake('Every output down');
    expect(taken.status).toBe(200);
    expect(readCg('headline')).toBe('Every output down');
    expect(resultOf(taken.body, 'files')?.result).toBe('ok');
    for (const name of NAMES) {
      const r = resultOf(taken.body, name);
      expect(['error', 'timeout'], `${name}: ${JSON.stringify(r)}`).toContain(r?.result);
      expect(r?.message).toBeTruthy();
    }
    expect(ms).toBeLessThan(OUTPUTS.answerWaitMs + 500);
    const verdict = describeAir(taken.body.air!);
    expect(verdict).toMatchObject({ level: 'failed', failed: NAMES });
    expect(verdict.line).toMatch(/^On air: files · CasparCG failed: .+ · OBS failed: .+ · vMix failed: .+$/);

    // Error within seconds (3 sends in a row, or 5 s), without another write.
    const started = Date.now();
    await until(
      () =>
        socket.messages.filter(
          (m) => m.type === 'output_status' && (m.data as OutputStatusEntry).status.state === 'error',
        ).length === 3,
      'three outputs in Error',
      OUTPUTS.errorAfterMs + 3_000,
    );
    expect(Date.now() - started).toBeLessThan(OUTPUTS.errorAfterMs + 3_000);
    for (const s of await statuses())
      expect(s.status).toMatchObject({ state: 'error', failingSince: expect.any(String) as string });

    // More failed sends are no new transition: still one Error event per output.
    await stageAndTake('Still down');
    await new Promise((r) => setTimeout(r, 300));
    const errors = socket.messages.filter(
      (m) => m.type === 'output_status' && (m.data as OutputStatusEntry).status.state === 'error',
    );
    expect(errors.map((m) => (m.data as OutputStatusEntry).name).sort()).toEqual([...NAMES].sort());
    socket.close();

    // The tally: each device still shows what it last confirmed, which is not program.
    const rows = (await tally()).outputs.filter((r) => NAMES.includes(r.output));
    for (const row of rows) {
      expect(row).toMatchObject({ state: 'error', current: false });
      expect(row.confirmed?.texts[0]?.content).toBe('Not waited for');
    }
  }, 30_000);

  it('a device that takes the connection and never answers: the answer says so within the wait', async () => {
    const hung = await startFakeVmix();
    hung.mode = 'hang';
    try {
      expect(
        (
          await owner.post<Output>('/api/outputs', {
            kind: 'vmix',
            name: 'vMix hung',
            config: { url: hung.url, input: 'Lower Third', mapping: [{ type: 'headline', field: 'Headline.Text' }] },
          })
        ).status,
      ).toBe(201);
      await new Promise((r) => setTimeout(r, OUTPUTS.sendTimeoutMs + 200));
      const { taken, ms } = await stageAndTake('Hung');
      expect(['timeout', 'sending']).toContain(resultOf(taken.body, 'vMix hung')?.result);
      expect(ms).toBeLessThan(OUTPUTS.answerWaitMs + 500);
      expect(describeAir(taken.body.air!).level).toBe('failed');
    } finally {
      await hung.close();
    }
  }, 20_000);
});
