import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Settings } from '../../../shared/contracts/settings';
import { equipmentStation } from '../../test/equipment-factory';
import { startTestServer, type TestServer } from '../../test/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

type Err = { message: string };

describe('station weekend days (issue 39 point 13)', () => {
  it('follow the time zone until chosen: UTC Saturday–Sunday, Indian/Maldives Friday–Saturday', async () => {
    const s = await equipmentStation(server);
    expect((await s.owner.get<Settings>('/api/settings')).body).toMatchObject({
      weekendDays: ['sat', 'sun'],
      weekendDaysFromZone: true,
    });
    const maldives = await s.owner.put<Settings>('/api/settings', { timeZone: 'Indian/Maldives' });
    expect(maldives.body).toMatchObject({ weekendDays: ['fri', 'sat'], weekendDaysFromZone: true });
  });

  it('an owner or admin chooses them; null goes back to the zone’s; bad lists are refused', async () => {
    const s = await equipmentStation(server);
    const put = await s.admin.put<Settings>('/api/settings', { weekendDays: ['sun', 'thu'] });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ weekendDays: ['sun', 'thu'], weekendDaysFromZone: false });
    expect((await s.owner.get<Settings>('/api/settings')).body.weekendDays).toEqual(['sun', 'thu']);
    // Every user reads them beside the zone: their weekend mode applies on these days.
    expect((await s.editor.get('/api/settings/time-zone')).body).toEqual({
      timeZone: 'UTC',
      weekendDays: ['sun', 'thu'],
    });
    const bad = await s.owner.put<Err>('/api/settings', { weekendDays: [] });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('Choose at least one weekend day');
    expect((await s.owner.put<Settings>('/api/settings', { weekendDays: null })).body).toMatchObject({
      weekendDays: ['sat', 'sun'],
      weekendDaysFromZone: true,
    });
    expect((await s.editor.put('/api/settings', { weekendDays: ['fri'] })).status).toBe(403);
  });
});
