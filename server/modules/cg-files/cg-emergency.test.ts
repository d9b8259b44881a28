import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActivityLog } from '../../../shared/contracts/activity-logs';
import type { CgFile } from '../../../shared/contracts/cg-files';
import { createStation, createUser } from '../../test/factories';
import { startTestServer, type TestServer } from '../../test/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

/** A fresh station per test: its own CG folder and activity log. */
async function station() {
  const { owner, dev, readCg: onDisk } = await createStation(server);
  const actions = async () => (await owner.get<ActivityLog[]>('/api/activity-logs')).body.map((l) => l.action);
  return { owner, onDisk, actions, dev };
}

interface EndResponse {
  success: boolean;
  files: CgFile[];
  ended: boolean;
}

describe('POST /api/cg-files/emergency/end', () => {
  it('clears emergency.txt only, answers ended: true and logs emergency_ended', async () => {
    const { owner, onDisk, actions } = await station();
    await owner.post('/api/cg-files/emergency', {
      content: 'EVACUATE NOW',
      headline: 'BREAKING NEWS',
      subheadline: 'Fire at harbour',
    });
    const res = await owner.post<EndResponse>('/api/cg-files/emergency/end');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, ended: true });
    expect(res.body.files.map((f) => [f.type, f.content])).toEqual([['emergency', '']]);
    expect([onDisk('emergency'), onDisk('headline'), onDisk('subheadline')]).toEqual([
      '',
      'BREAKING NEWS',
      'Fire at harbour',
    ]);
    const list = (await owner.get<CgFile[]>('/api/cg-files')).body;
    expect(list.find((f) => f.type === 'emergency')?.content).toBe('');
    expect(list.find((f) => f.type === 'headline')?.content).toBe('BREAKING NEWS');
    expect((await actions()).slice(0, 2)).toEqual(['emergency_ended', 'emergency_override']);
  });

  it('answers ended: false and logs nothing when there was no emergency', async () => {
    const { owner, actions } = await station();
    const before = await actions();
    const res = await owner.post<EndResponse>('/api/cg-files/emergency/end');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, files: [], ended: false });
    await owner.post('/api/cg-files/emergency', { content: 'Storm warning' });
    await owner.post('/api/cg-files/emergency/end');
    const again = await owner.post<EndResponse>('/api/cg-files/emergency/end');
    expect(again.body.ended).toBe(false);
    expect(await actions()).toEqual(['emergency_ended', 'emergency_override', ...before]);
  });

  it('is refused to cameraman and technical (403), like the override', async () => {
    const { owner, onDisk } = await station();
    await owner.post('/api/cg-files/emergency', { content: 'Stay indoors' });
    for (const role of ['cameraman', 'technical'] as const) {
      const u = await createUser(owner, server, role);
      expect((await u.post('/api/cg-files/emergency/end')).status).toBe(403);
      expect((await u.post('/api/cg-files/emergency', { content: 'x' })).status).toBe(403);
    }
    expect(onDisk('emergency')).toBe('Stay indoors');
  });
});
