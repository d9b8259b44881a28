import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AsRunPage } from '../../../shared/contracts/as-run';
import type { ControlState } from '../../../shared/contracts/control';
import type { CreatedApiKey } from '../../../shared/contracts/api-keys';
import { ApiClient } from '../../test/api-client';
import { createStation } from '../../test/factories';
import { startTestServer, type TestServer } from '../../test/test-server';
import { CONTROL_RATE } from './control.routes';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

type Station = Awaited<ReturnType<typeof createStation>>;
const ALL = ['control.take', 'control.clear', 'control.crawler', 'control.emergency', 'control.state'];

async function keyFor(station: Station, permissions = ALL): Promise<string> {
  const res = await station.owner.post<CreatedApiKey>('/api/company/api-keys', { name: 'Stream Deck', permissions });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.key;
}

/** A panel: no session, the key in X-API-Key (or as a Bearer token). */
const panel = (key: string, bearer = false) => {
  const client = new ApiClient(server.url);
  const auth: Record<string, string> = bearer ? { authorization: `Bearer ${key}` } : { 'x-api-key': key };
  return {
    get: <T>(path: string) => client.request<T>('GET', path, undefined, auth),
    post: <T>(path: string, body: unknown = {}, headers: Record<string, string> = {}) =>
      client.request<T>('POST', path, body, { ...auth, ...headers }),
    delete: <T>(path: string, headers: Record<string, string> = {}) =>
      client.request<T>('DELETE', path, undefined, { ...auth, ...headers }),
  };
};

describe('Stream Deck / Companion control API', () => {
  it("reads the state, clears a type, turns the crawler and switches the emergency, as the key's station, source api_key", async () => {
    const station = await createStation(server);
    const key = await keyFor(station);
    const deck = panel(key);
    await station.owner.post('/api/cg-files/update-direct', { type: 'headline', content: 'On air' });
    await station.owner.post('/api/news-crawler/add-headline', { headline: 'One' });
    await station.owner.post('/api/news-crawler/add-headline', { headline: 'Two' });
    await station.owner.post('/api/news-crawler/add-headline', { headline: 'Three' });

    const state = await deck.get<ControlState>('/api/control/state');
    expect(state.status).toBe(200);
    expect(state.body.types.headline).toBe('On air');
    expect(state.body.emergency).toEqual({ active: false, text: '' });
    expect(state.body.crawler).toEqual({ count: 3, current: 'One' });

    const cleared = await deck.post<{ state: ControlState }>('/api/control/clear/headline');
    expect(cleared.status).toBe(200);
    expect(cleared.body.state.types.headline).toBe('');
    expect(station.readCg('headline')).toBe('');

    expect((await deck.post<{ state: ControlState }>('/api/control/crawler/next')).body.state.crawler.current).toBe(
      'Two',
    );
    expect(station.readCg('news_crawler')).toBe('Two\nThree\nOne');
    expect((await deck.post<{ state: ControlState }>('/api/control/crawler/previous')).body.state.crawler.current).toBe(
      'One',
    );
    expect((await deck.post<{ state: ControlState }>('/api/control/crawler/previous')).body.state.crawler.current).toBe(
      'Three',
    );

    const on = await deck.post<{ state: ControlState }>('/api/control/emergency', { text: 'Evacuate the studio' });
    expect(on.status).toBe(200);
    expect(on.body.state.emergency).toEqual({ active: true, text: 'Evacuate the studio' });
    expect(station.readCg('emergency')).toBe('Evacuate the studio');
    const off = await deck.delete<{ ended: boolean; state: ControlState }>('/api/control/emergency');
    expect(off.body).toMatchObject({ success: true, ended: true, state: { emergency: { active: false } } });
    expect(station.readCg('emergency')).toBe('');
    expect((await deck.delete<{ ended: boolean }>('/api/control/emergency')).body.ended).toBe(false);

    await server.asRunRecorder.flush();
    const log = await station.owner.get<AsRunPage>('/api/as-run?source=api_key');
    expect(log.body.entries.map((e) => `${e.action} ${e.type}=${e.text}`)).toEqual([
      'emergency_ended emergency=',
      'emergency_override emergency=Evacuate the studio',
      'cg_file_updated news_crawler=Three\nOne\nTwo',
      'cg_file_updated news_crawler=One\nTwo\nThree',
      'cg_file_updated news_crawler=Two\nThree\nOne',
      'cg_file_updated headline=',
    ]);
    expect(log.body.entries.every((e) => e.userId === null)).toBe(true);
    // Which key acted, by name and prefix — still so after the key is deleted.
    const label = `Stream Deck (${key.slice(0, 12)}…)`;
    expect(new Set(log.body.entries.map((e) => e.apiKey))).toEqual(new Set([label]));
    const [stored] = (await station.owner.get<Array<{ id: number }>>('/api/company/api-keys')).body;
    expect((await station.owner.delete(`/api/company/api-keys/${stored!.id}`)).status).toBe(200);
    const after = await station.owner.get<AsRunPage>('/api/as-run?source=api_key');
    expect(after.body.entries.map((e) => e.apiKey)).toEqual(log.body.entries.map(() => label));
    const csv = await fetch(`${server.url}/api/as-run/export.csv?source=api_key`, {
      headers: { authorization: `Bearer ${station.owner.token}` },
    });
    expect((await csv.text()).split('\r\n')[1]).toContain(`${label},api_key,`);
    // The activity log names the key too (the key's changes have no user).
    const activity = (await station.owner.get<Array<{ action: string; details: string | null }>>('/api/activity-logs'))
      .body;
    expect(activity.find((a) => a.action === 'emergency_override')?.details).toContain(`(API key ${label})`);
    // A person's change names no key.
    const web = await station.owner.get<AsRunPage>('/api/as-run?source=web');
    expect(web.body.entries.map((e) => [e.text, e.apiKey])).toContainEqual(['On air', null]);
  });

  it('Take: NEXT goes to air once however many presses arrive at once; the state says what waits; an empty NEXT is a 409', async () => {
    const station = await createStation(server);
    const deck = panel(await keyFor(station));
    expect((await station.owner.put('/api/settings', { takeMode: true })).status).toBe(200);
    const staged = await station.owner.post<{ staged?: boolean }>('/api/cg-files/update-direct', {
      type: 'headline',
      content: 'Staged by the desk',
    });
    expect(staged.body.staged).toBe(true);
    const before = await deck.get<ControlState>('/api/control/state');
    expect(before.body.next).toMatchObject({ takeMode: true, staged: 1, types: ['headline'] });
    expect(before.body.types.headline ?? '').toBe('');

    const presses = await Promise.all(
      Array.from({ length: 50 }, () => deck.post<{ state: ControlState; message?: string }>('/api/control/take')),
    );
    const ok = presses.filter((p) => p.status === 200);
    expect(ok).toHaveLength(1);
    expect(presses.filter((p) => p.status === 409 || p.status === 429)).toHaveLength(49);
    for (const p of presses.filter((r) => r.status === 409)) expect(p.body.message).toMatch(/Nothing to take/);
    expect(ok[0]!.body.state).toMatchObject({ types: { headline: 'Staged by the desk' }, next: { staged: 0 } });
    expect(station.readCg('headline')).toBe('Staged by the desk');

    await server.asRunRecorder.flush();
    const log = await station.owner.get<AsRunPage>('/api/as-run?source=api_key');
    expect(log.body.entries.map((e) => `${e.action} ${e.type}=${e.text} ${e.output}`)).toEqual([
      'cg_next_taken headline=Staged by the desk files',
    ]);

    // A key without control.take cannot take.
    const noTake = panel(await keyFor(station, ['control.state']));
    await station.owner.post('/api/cg-files/update-direct', { type: 'headline', content: 'Second' });
    expect((await noTake.post('/api/control/take')).status).toBe(401);
    expect(station.readCg('headline')).toBe('Staged by the desk');
  });

  it('accepts the key as Authorization: Bearer cgb_…; refuses a session, no key, a wrong key, a switched-off key and a missing scope with 401', async () => {
    const station = await createStation(server);
    const key = await keyFor(station);
    expect((await panel(key, true).get('/api/control/state')).status).toBe(200);
    expect((await station.owner.get('/api/control/state')).status).toBe(401);
    expect((await new ApiClient(server.url).post('/api/control/clear/headline')).status).toBe(401);
    expect((await panel('cgb_not-a-key').get('/api/control/state')).status).toBe(401);
    const stateOnly = panel(await keyFor(station, ['control.state']));
    expect((await stateOnly.get('/api/control/state')).status).toBe(200);
    const refused = await stateOnly.post<{ message: string }>('/api/control/emergency', { text: 'x' });
    expect(refused.status).toBe(401);
    expect(refused.body.message).toMatch(/control\.emergency scope/);
    expect(station.readCg('emergency')).toBeNull();
    const cgOnly = panel(await keyFor(station, ['cg_files']));
    expect((await cgOnly.post('/api/control/clear/headline')).status).toBe(401);
    const keys = await station.owner.get<{ id: number; name: string }[]>('/api/company/api-keys');
    for (const k of keys.body) await station.owner.patch(`/api/company/api-keys/${k.id}`, { isActive: false });
    expect((await panel(key).get('/api/control/state')).status).toBe(401);
  });

  it('clearing the emergency type is ending the emergency: control.emergency, logged emergency_ended (issue 37 point 7)', async () => {
    const station = await createStation(server);
    const emergencyKey = panel(await keyFor(station, ['control.emergency']));
    expect((await emergencyKey.post('/api/control/emergency', { text: 'Evacuate the studio' })).status).toBe(200);

    // A key made to clear lower thirds cannot end an emergency, by either path.
    const clearOnly = panel(await keyFor(station, ['control.clear']));
    const refused = await clearOnly.post<{ message: string }>('/api/control/clear/emergency');
    expect(refused.status).toBe(401);
    expect(refused.body.message).toMatch(/control\.emergency scope/);
    expect((await clearOnly.delete('/api/control/emergency')).status).toBe(401);
    expect(station.readCg('emergency')).toBe('Evacuate the studio');
    // It still clears every other type.
    expect((await clearOnly.post('/api/control/clear/headline')).status).toBe(200);

    const ended = await emergencyKey.post<{ ended: boolean; state: ControlState }>('/api/control/clear/emergency');
    expect(ended.status).toBe(200);
    expect(ended.body).toMatchObject({ success: true, ended: true, state: { emergency: { active: false, text: '' } } });
    expect(station.readCg('emergency')).toBe('');
    await server.asRunRecorder.flush();
    const log = await station.owner.get<AsRunPage>('/api/as-run?source=api_key&type=emergency');
    expect(log.body.entries.filter((e) => e.type === 'emergency').map((e) => e.action)).toEqual([
      'emergency_ended',
      'emergency_override',
    ]);
  });

  it("acts on the key's own station only", async () => {
    const a = await createStation(server);
    const b = await createStation(server);
    await b.owner.post('/api/cg-files/update-direct', { type: 'headline', content: 'B on air' });
    const deckA = panel(await keyFor(a));
    await deckA.post('/api/control/clear/headline');
    expect(b.readCg('headline')).toBe('B on air');
    expect((await deckA.get<ControlState>('/api/control/state')).body.types.headline).toBe('');
  });

  it('refuses bad input with 400 naming the field, and stores nothing', async () => {
    const station = await createStation(server);
    const deck = panel(await keyFor(station));
    const badType = await deck.post<{ message: string }>('/api/control/clear/..%2F..%2Fetc%2Fpasswd');
    expect(badType.status).toBe(400);
    expect(badType.body.message).toMatch(/Type must be one of/);
    for (const body of [
      {},
      { text: '' },
      { text: '   ' },
      { text: 42 },
      { text: 'x'.repeat(400_000) },
      { text: 'line\n'.repeat(10) },
    ]) {
      const res = await deck.post<{ message: string }>('/api/control/emergency', body);
      expect([400, 413], JSON.stringify(body).slice(0, 40)).toContain(res.status);
      expect(res.body.message).toBeTruthy();
    }
    expect(station.readCg('emergency')).toBeNull();
    expect((await deck.post<{ message: string }>('/api/control/crawler/next')).status).toBe(409);
  });

  it('is idempotent with Idempotency-Key: a repeated press turns the crawler once', async () => {
    const station = await createStation(server);
    const deck = panel(await keyFor(station));
    for (const headline of ['One', 'Two', 'Three'])
      await station.owner.post('/api/news-crawler/add-headline', { headline });
    const first = await deck.post<{ state: ControlState }>(
      '/api/control/crawler/next',
      {},
      { 'Idempotency-Key': 'press-1' },
    );
    const again = await deck.post<{ state: ControlState }>(
      '/api/control/crawler/next',
      {},
      { 'Idempotency-Key': 'press-1' },
    );
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body).toEqual(first.body);
    expect(station.readCg('news_crawler')).toBe('Two\nThree\nOne');
    await deck.post('/api/control/crawler/next', {}, { 'Idempotency-Key': 'press-2' });
    expect(station.readCg('news_crawler')).toBe('Three\nOne\nTwo');
  });

  it('rate-limits per key: past the burst a 429 with Retry-After; another key is not slowed', async () => {
    const station = await createStation(server);
    const busy = panel(await keyFor(station));
    // At once, as a panel stuck in a loop would: the burst passes, the rest are refused.
    const answers = await Promise.all(
      Array.from({ length: CONTROL_RATE.burst + 15 }, () => busy.get<{ message: string }>('/api/control/state')),
    );
    const passed = answers.filter((a) => a.status === 200).length;
    const limited = answers.filter((a) => a.status === 429);
    expect(passed).toBeGreaterThanOrEqual(CONTROL_RATE.burst);
    expect(passed).toBeLessThan(CONTROL_RATE.burst + 15);
    expect(limited.length).toBe(CONTROL_RATE.burst + 15 - passed);
    expect(Number(limited[0]!.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(limited[0]!.body.message).toMatch(/API key/);
    expect((await panel(await keyFor(station)).get('/api/control/state')).status).toBe(200);
  });
});
