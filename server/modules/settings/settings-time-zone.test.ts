import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActivityLog } from '../../../shared/contracts/activity-logs';
import type { NotificationPreferences } from '../../../shared/contracts/notification-preferences';
import type { Settings } from '../../../shared/contracts/settings';
import { ApiClient } from '../../test/api-client';
import { equipmentStation } from '../../test/equipment-factory';
import { startTestServer, type TestServer } from '../../test/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

type Err = { message: string; issues?: { path: string; message: string }[] };
const prefsPath = (id: number) => `/api/notification-preferences/${id}`;
const BAD_ZONE = 'timeZone: Station time zone must be an IANA time zone such as Indian/Maldives';

describe('the station time zone (issue 22 point 20)', () => {
  it('starts at UTC, saves Indian/Maldives, and is what users’ quiet hours default to', async () => {
    const s = await equipmentStation(server);
    expect((await s.owner.get<Settings>('/api/settings')).body.timeZone).toBe('UTC');
    const put = await s.owner.put<Settings>('/api/settings', { timeZone: 'Indian/Maldives' });
    expect(put.status).toBe(200);
    expect(put.body.timeZone).toBe('Indian/Maldives');
    expect((await s.admin.get<Settings>('/api/settings')).body.timeZone).toBe('Indian/Maldives');
    // A user who never chose a zone gets the station's.
    const editorPrefs = await s.editor.get<NotificationPreferences>(prefsPath(s.editor.user.id));
    expect(editorPrefs.body.quietHours).toEqual({
      enabled: false,
      startTime: '22:00',
      endTime: '06:00',
      timezone: 'Indian/Maldives',
    });
  });

  it('writes the listed spelling and records the change in the activity log', async () => {
    const s = await equipmentStation(server);
    expect((await s.owner.put<Settings>('/api/settings', { timeZone: 'indian/maldives' })).body.timeZone).toBe(
      'Indian/Maldives',
    );
    const logs = (await s.owner.get<ActivityLog[]>('/api/activity-logs')).body;
    expect(logs.map((l) => l.details)).toContain('Settings changed: station time zone Indian/Maldives');
  });

  it.each(['Mars/Olympus', '+05:00', 'GMT+5:00', '', 'Indian/Maldives/../../etc', 42])(
    'refuses %j with 400 naming timeZone, saving nothing',
    async (timeZone) => {
      const s = await equipmentStation(server);
      const res = await s.owner.put<Err>('/api/settings', { timeZone });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(BAD_ZONE);
      expect((await s.owner.get<Settings>('/api/settings')).body.timeZone).toBe('UTC');
    },
  );

  it('is set by owner/admin only', async () => {
    const s = await equipmentStation(server);
    expect((await s.admin.put<Settings>('/api/settings', { timeZone: 'Asia/Kolkata' })).body.timeZone).toBe(
      'Asia/Kolkata',
    );
    for (const user of [s.editor, s.cameraman, s.technical])
      expect((await user.put('/api/settings', { timeZone: 'UTC' })).status).toBe(403);
    expect((await s.owner.get<Settings>('/api/settings')).body.timeZone).toBe('Asia/Kolkata');
  });

  it('users who never chose a zone follow a later change; a chosen zone stays', async () => {
    const s = await equipmentStation(server);
    // Saving other groups does not pin the zone the user never picked.
    await s.editor.put(prefsPath(s.editor.user.id), {
      quietHours: { enabled: true },
      lowStockAlerts: { threshold: 9 },
    });
    await s.cameraman.put(prefsPath(s.cameraman.user.id), { quietHours: { timezone: 'Asia/Tokyo' } });
    await s.owner.put('/api/settings', { timeZone: 'Indian/Maldives' });
    const editor = (await s.editor.get<NotificationPreferences>(prefsPath(s.editor.user.id))).body;
    expect(editor.quietHours).toEqual({
      enabled: true,
      startTime: '22:00',
      endTime: '06:00',
      timezone: 'Indian/Maldives',
    });
    expect(editor.lowStockAlerts.threshold).toBe(9);
    expect(
      (await s.cameraman.get<NotificationPreferences>(prefsPath(s.cameraman.user.id))).body.quietHours.timezone,
    ).toBe('Asia/Tokyo');
    // Another station keeps its own zone.
    const other = await equipmentStation(server);
    expect(
      (await other.editor.get<NotificationPreferences>(prefsPath(other.editor.user.id))).body.quietHours.timezone,
    ).toBe('UTC');
  });
});

describe('GET /api/settings/time-zone', () => {
  it('tells every signed-in user of the station its zone, and nobody else', async () => {
    const s = await equipmentStation(server);
    await s.owner.put('/api/settings', { timeZone: 'Indian/Maldives' });
    for (const user of [s.editor, s.cameraman, s.technical])
      expect((await user.get('/api/settings/time-zone')).body).toEqual({
        timeZone: 'Indian/Maldives',
        weekendDays: ['fri', 'sat'],
      });
    const other = await equipmentStation(server);
    expect((await other.cameraman.get('/api/settings/time-zone')).body).toEqual({
      timeZone: 'UTC',
      weekendDays: ['sat', 'sun'],
    });
    expect((await new ApiClient(server.url).get('/api/settings/time-zone')).status).toBe(401);
  });
});
