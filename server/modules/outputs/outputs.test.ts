import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Output, OutputStatusEntry, OutputTestResult } from '../../../shared/contracts/outputs';
import { startFakeCasparcg, type FakeCasparcg } from '../../test/fake-casparcg';
import { startFakeObs, type FakeObs } from '../../test/fake-obs';
import { createStation, createUser } from '../../test/factories';
import { startTestServer, withRestart, type TestServer } from '../../test/test-server';
import { TestSocket } from '../../test/ws-client';

let server: TestServer;
let caspar: FakeCasparcg;
let obs: FakeObs;
beforeAll(async () => {
  server = await startTestServer();
  caspar = await startFakeCasparcg();
  obs = await startFakeObs('pw-1');
});
afterAll(async () => {
  await server.close();
  await caspar.close();
  await obs.close();
});

const obsBody = (name: string, extra: Record<string, unknown> = {}) => ({
  kind: 'obs',
  name,
  config: { url: obs.url, password: 'pw-1', mapping: [{ type: 'headline', input: 'CG Headline' }] },
  ...extra,
});

describe('/api/outputs', () => {
  it('never returns the OBS password: "set" / "not set" only; omitted keeps it, null removes it', async () => {
    const { owner } = await createStation(server);
    const made = await owner.post<Output>('/api/outputs', obsBody('OBS 1'));
    expect(made.status).toBe(201);
    expect(JSON.stringify(made.body)).not.toContain('pw-1');
    expect(made.body.config).toMatchObject({ passwordSet: true });
    const listed = await owner.get<Output[]>('/api/outputs');
    expect(JSON.stringify(listed.body)).not.toContain('pw-1');
    const kept = await owner.put<Output>(`/api/outputs/${made.body.id}`, {
      ...obsBody('OBS 1', { version: made.body.version }),
      config: { url: obs.url, mapping: [{ type: 'headline', input: 'CG Headline' }] },
    });
    expect(kept.body.config).toMatchObject({ passwordSet: true });
    expect((await owner.post<OutputTestResult>(`/api/outputs/${made.body.id}/test`)).body).toEqual({
      ok: true,
      message: 'OBS 30.2.0 (obs-websocket 5.5.2) answered',
    });
    const removed = await owner.put<Output>(`/api/outputs/${made.body.id}`, {
      ...obsBody('OBS 1', { version: kept.body.version }),
      config: { url: obs.url, password: null, mapping: [{ type: 'headline', input: 'CG Headline' }] },
    });
    expect(removed.body.config).toMatchObject({ passwordSet: false });
    const test = await owner.post<OutputTestResult>(`/api/outputs/${made.body.id}/test`);
    expect(test.body.ok).toBe(false);
    expect(test.body.message).toContain('password');
  });

  it('a save from a stale version is 409 with the current output (no lost update); a duplicate name is 409', async () => {
    const { owner } = await createStation(server);
    const made = await owner.post<Output>('/api/outputs', {
      kind: 'casparcg',
      name: 'Caspar',
      enabled: false,
      config: { host: '127.0.0.1', port: caspar.port, template: 'lower' },
    });
    expect(made.body).toMatchObject({
      kind: 'casparcg',
      config: { port: caspar.port, channel: 1, layer: 20, types: [] },
      status: { state: 'disabled' },
    });
    const body = (name: string) => ({
      kind: 'casparcg',
      name,
      enabled: false,
      version: made.body.version,
      config: { host: '127.0.0.1', port: caspar.port, template: 'lower' },
    });
    expect((await owner.put(`/api/outputs/${made.body.id}`, body('First save'))).status).toBe(200);
    const stale = await owner.put<{ message: string; current: Output }>(
      `/api/outputs/${made.body.id}`,
      body('Second save'),
    );
    expect(stale.status).toBe(409);
    expect(stale.body.message).toMatch(/changed this output/);
    expect(stale.body.current.name).toBe('First save');
    const dup = await owner.post<{ message: string }>('/api/outputs', {
      kind: 'casparcg',
      name: 'First save',
      config: { host: 'h', template: 't' },
    });
    expect(dup).toMatchObject({ status: 409, body: { message: 'An output with this name already exists' } });
  });

  it('refuses bad config with 400 naming the field', async () => {
    const { owner } = await createStation(server);
    const cases: Array<[unknown, RegExp]> = [
      [{ kind: 'atem', name: 'x', config: {} }, /kind/],
      [
        { kind: 'obs', name: 'x', config: { url: 'http://obs', mapping: [{ type: 'headline', input: 'a' }] } },
        /ws:\/\//,
      ],
      [{ kind: 'obs', name: 'x', config: { url: 'ws://obs', mapping: [] } }, /Map at least one/],
      [
        {
          kind: 'vmix',
          name: 'x',
          config: {
            url: 'http://v',
            input: 'T',
            mapping: [
              { type: 'headline', field: 'a' },
              { type: 'headline', field: 'b' },
            ],
          },
        },
        /mapped once/,
      ],
      [
        { kind: 'vmix', name: 'x', config: { url: 'http://v', input: 'T', mapping: [{ type: '../etc', field: 'a' }] } },
        /CG type/,
      ],
      [{ kind: 'casparcg', name: 'x', config: { host: 'h', port: 70000, template: 't' } }, /Port/],
      [{ kind: 'casparcg', name: 'x', config: { host: 'h', template: 'a" PLAY 1 "b' } }, /quotes/],
      [{ kind: 'casparcg', name: '', config: { host: 'h', template: 't' } }, /Name is required/],
    ];
    for (const [body, message] of cases) {
      const res = await owner.post<{ message: string; issues?: Array<{ message: string }> }>('/api/outputs', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(JSON.stringify(res.body)).toMatch(message);
    }
  });

  it('Test answers within its limit when the device hangs; another company’s output is 404', async () => {
    const a = await createStation(server);
    const b = await createStation(server);
    const made = await a.owner.post<Output>('/api/outputs', {
      kind: 'casparcg',
      name: 'Hung',
      enabled: false,
      config: { host: '127.0.0.1', port: caspar.port, template: 'lower' },
    });
    caspar.mode = 'hang';
    const started = performance.now();
    const res = await a.owner.post<OutputTestResult>(`/api/outputs/${made.body.id}/test`);
    caspar.mode = 'ok';
    expect(res.body).toEqual({ ok: false, message: 'No answer within 3 s' });
    expect(performance.now() - started).toBeLessThan(4_000);
    expect((await b.owner.post(`/api/outputs/${made.body.id}/test`)).status).toBe(404);
    expect((await b.owner.delete(`/api/outputs/${made.body.id}`)).status).toBe(404);
    expect((await b.owner.get<OutputStatusEntry[]>('/api/outputs/status')).body).toEqual([]);
  });

  it('the outputs thread starts when a station adds its first output, and at start-up when outputs exist', async () => {
    await withRestart(
      async (fresh) => {
        expect(fresh.outputsIo.threads).toBe(0);
        const { owner } = await createStation(fresh);
        expect((await owner.post<Output>('/api/outputs', obsBody('Off for now', { enabled: false }))).status).toBe(201);
        expect(fresh.outputsIo.threads).toBe(1);
      },
      (again) => expect(again.outputsIo.threads).toBe(1),
    );
  });

  it('the devices are driven from the outputs thread: sends and Test ran there, the device got the text, a deleted output hangs up', async () => {
    const { owner } = await createStation(server);
    const ran = (task: string) => server.outputsIo.answered.get(task) ?? 0;
    const [sends, probes, closes] = [ran('outputs.send'), ran('outputs.probe'), ran('outputs.close')];
    const openBefore = caspar.open();
    const made = await owner.post<Output>('/api/outputs', {
      kind: 'casparcg',
      name: 'Threaded',
      config: { host: '127.0.0.1', port: caspar.port, template: 'lower', types: ['headline'] },
    });
    expect(made.status).toBe(201);
    await owner.post('/api/cg-files/update-direct', { type: 'headline', content: 'ދިވެހި from the thread' });
    await expect.poll(() => caspar.cg().at(-1)?.data?.headline, { timeout: 5_000 }).toBe('ދިވެހި from the thread');
    expect(ran('outputs.send')).toBeGreaterThan(sends);
    expect((await owner.post<OutputTestResult>(`/api/outputs/${made.body.id}/test`)).body).toMatchObject({ ok: true });
    expect(ran('outputs.probe')).toBe(probes + 1);
    // The Test's own connection hangs up; the lane's stays open.
    await expect.poll(() => caspar.open(), { timeout: 5_000 }).toBe(openBefore + 1);
    expect((await owner.delete(`/api/outputs/${made.body.id}`)).status).toBe(200);
    // The lane's driver and the Test's driver were both closed in the thread: the device sees no connection left.
    await expect.poll(() => ran('outputs.close'), { timeout: 5_000 }).toBe(closes + 2);
    await expect.poll(() => caspar.open(), { timeout: 5_000 }).toBe(openBefore);
  });

  it('operators read the status (header) and hear output_status live; they cannot manage outputs', async () => {
    const { owner } = await createStation(server);
    const mcr = await createUser(owner, server, 'mcr');
    expect((await mcr.get('/api/outputs')).status).toBe(403);
    expect((await mcr.post('/api/outputs', obsBody('x'))).status).toBe(403);
    const socket = await TestSocket.authed(server.url, mcr.token ?? '', mcr.user.id);
    const made = await owner.post<Output>('/api/outputs', obsBody('Live OBS'));
    const event = await socket.until(() =>
      socket.messages
        .map((m) => m.data as OutputStatusEntry)
        .find((d) => d.id === made.body.id && d.status?.state === 'connected'),
    );
    expect(event).toMatchObject({ name: 'Live OBS', kind: 'obs' });
    const statuses = await mcr.get<OutputStatusEntry[]>('/api/outputs/status');
    expect(statuses.body).toEqual([
      {
        id: made.body.id,
        name: 'Live OBS',
        kind: 'obs',
        status: expect.objectContaining({ state: 'connected' }) as unknown,
      },
    ]);
    socket.close();
  });
});
