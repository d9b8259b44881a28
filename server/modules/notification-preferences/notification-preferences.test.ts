import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_NOTIFICATION_PREFERENCES,
  type NotificationPreferences,
} from '../../../shared/contracts/notification-preferences';
import type { NotificationsResponse } from '../../../shared/contracts/notifications';
import type { ApiClient } from '../../test/api-client';
import { createEquipment, equipmentStation, requestEquipment } from '../../test/equipment-factory';
import { createNews } from '../../test/news-factory';
import { startTestServer, type TestServer } from '../../test/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const idOf = async (client: ApiClient) => (await client.get<{ id: number }>('/api/auth/me')).body.id;
const path = (id: number | string) => `/api/notification-preferences/${id}`;

describe('GET/PUT /api/notification-preferences/{userId}', () => {
  it('starts at the defaults of docs/product.md §Data', async () => {
    const s = await equipmentStation(server);
    const res = await s.cameraman.get<NotificationPreferences>(path(await idOf(s.cameraman)));
    expect(res.status).toBe(200);
    expect(res.body).toEqual(DEFAULT_NOTIFICATION_PREFERENCES);
    expect(res.body.equipmentOverdue.reminderInterval).toBe(120);
    expect(res.body.quietHours).toEqual({ enabled: false, startTime: '22:00', endTime: '06:00', timezone: 'UTC' });
    expect(res.body.bulletinUpdates.enabled).toBe(false);
    expect(res.body.breakingNews.priority).toBe('breaking');
  });

  it('saves a partial update, keeps the rest, and reads it back', async () => {
    const s = await equipmentStation(server);
    const me = await idOf(s.editor);
    const put = await s.editor.put<NotificationPreferences>(path(me), {
      quietHours: { enabled: true, timezone: 'Asia/Tokyo' },
      lowStockAlerts: { threshold: 12 },
    });
    expect(put.status).toBe(200);
    const got = (await s.editor.get<NotificationPreferences>(path(me))).body;
    expect(got).toEqual(put.body);
    expect(got.quietHours).toEqual({ enabled: true, startTime: '22:00', endTime: '06:00', timezone: 'Asia/Tokyo' });
    expect(got.lowStockAlerts).toEqual({ ...DEFAULT_NOTIFICATION_PREFERENCES.lowStockAlerts, threshold: 12 });
    expect(got.breakingNews).toEqual(DEFAULT_NOTIFICATION_PREFERENCES.breakingNews);
    // A second partial update keeps the first.
    await s.editor.put(path(me), { weekendMode: { enabled: true, emergencyOnly: true } });
    const again = (await s.editor.get<NotificationPreferences>(path(me))).body;
    expect(again.quietHours.timezone).toBe('Asia/Tokyo');
    expect(again.weekendMode).toEqual({ enabled: true, reducedNotifications: true, emergencyOnly: true });
  });

  it.each([
    [
      { equipmentOverdue: { reminderInterval: 29 } },
      'equipmentOverdue.reminderInterval: Reminder interval must be at least 30 minutes',
    ],
    [
      { equipmentOverdue: { reminderInterval: 1441 } },
      'equipmentOverdue.reminderInterval: Reminder interval must be at most 1440 minutes',
    ],
    [{ lowStockAlerts: { threshold: 0 } }, 'lowStockAlerts.threshold: Low stock threshold must be at least 1'],
    [{ lowStockAlerts: { threshold: 51 } }, 'lowStockAlerts.threshold: Low stock threshold must be at most 50'],
    [
      { quietHours: { startTime: '24:00' } },
      'quietHours.startTime: Quiet hours start must be a time as HH:MM (00:00 to 23:59)',
    ],
    [
      { quietHours: { timezone: 'Mars/Olympus' } },
      'quietHours.timezone: Time zone must be an IANA time zone such as Indian/Maldives',
    ],
    [
      { quietHours: { timezone: '+05:00' } },
      'quietHours.timezone: Time zone must be an IANA time zone such as Indian/Maldives',
    ],
    [{ quietHours: { startTime: '06:00' } }, 'quietHours.endTime: Quiet hours start and end must differ'],
    [{ breakingNews: { priority: 'normal' } }, 'breakingNews.priority: Priority must be all, breaking or urgent'],
    [{ breakingNews: { channels: ['email'] } }, 'breakingNews.channels.0: Channels must be telegram or websocket'],
    [{ breakingNews: { enabled: 'yes' } }, 'breakingNews.enabled: Invalid input: expected boolean, received string'],
  ])('refuses %j with 400 and a clear message, saving nothing', async (body, message) => {
    const s = await equipmentStation(server);
    const me = await idOf(s.editor);
    const res = await s.editor.put<{ message: string }>(path(me), body);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
    expect((await s.editor.get(path(me))).body).toEqual(DEFAULT_NOTIFICATION_PREFERENCES);
  });

  it('takes any IANA zone, e.g. the Maldives station’s own (issue 22 point 20)', async () => {
    const s = await equipmentStation(server);
    const me = await idOf(s.editor);
    const put = await s.editor.put<NotificationPreferences>(path(me), {
      quietHours: { enabled: true, timezone: 'Indian/Maldives' },
    });
    expect(put.status).toBe(200);
    expect((await s.editor.get<NotificationPreferences>(path(me))).body.quietHours).toEqual({
      enabled: true,
      startTime: '22:00',
      endTime: '06:00',
      timezone: 'Indian/Maldives',
    });
  });

  it('refuses approval alerts for roles that never receive them, whoever saves them (issue 22 point 22)', async () => {
    const s = await equipmentStation(server);
    const message = 'equipmentApproval: Only owners and admins receive equipment approval alerts';
    for (const user of [s.editor, s.cameraman, s.technical]) {
      // A change is refused; repeating what GET shows is not (issue 37 point 12, test below).
      const res = await user.put<{ message: string }>(path(await idOf(user)), {
        equipmentApproval: { enabled: false },
        breakingNews: { enabled: false },
      });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(message);
      expect((await user.get(path(await idOf(user)))).body).toEqual(DEFAULT_NOTIFICATION_PREFERENCES);
    }
    // The target's role decides: an admin cannot set them up for an editor either.
    expect(
      (await s.admin.put(path(await idOf(s.editor)), { equipmentApproval: { includeReturns: false } })).status,
    ).toBe(400);
    // Everything else still saves for an editor; owners and admins keep their approval switches.
    expect((await s.editor.put(path(await idOf(s.editor)), { breakingNews: { enabled: false } })).status).toBe(200);
    for (const approver of [s.owner, s.admin]) {
      const res = await approver.put<NotificationPreferences>(path(await idOf(approver)), {
        equipmentApproval: { includeReturns: false },
      });
      expect(res.status).toBe(200);
      expect(res.body.equipmentApproval.includeReturns).toBe(false);
    }
  });

  it('what GET shows round-trips through PUT for every role, whoever saves; a change to a group the role never receives is still refused (issue 37 point 12)', async () => {
    const s = await equipmentStation(server);
    for (const target of [s.editor, s.cameraman, s.technical, s.admin, s.owner]) {
      const id = await idOf(target);
      for (const saver of [target, s.admin, s.owner]) {
        const shown = (await saver.get<NotificationPreferences>(path(id))).body;
        const back = await saver.put<NotificationPreferences & { message?: string }>(path(id), shown);
        expect(back.status, back.body.message).toBe(200);
        expect(back.body).toEqual(shown);
      }
    }
    // The stored approval switches of an editor are left as they were (a promotion finds them).
    const editor = await idOf(s.editor);
    const changed = await s.admin.put<{ message: string }>(path(editor), {
      equipmentApproval: { ...DEFAULT_NOTIFICATION_PREFERENCES.equipmentApproval, includeReturns: false },
    });
    expect(changed.status).toBe(400);
    expect(changed.body.message).toBe('equipmentApproval: Only owners and admins receive equipment approval alerts');
    expect((await s.admin.get<NotificationPreferences>(path(editor))).body.equipmentApproval).toEqual(
      DEFAULT_NOTIFICATION_PREFERENCES.equipmentApproval,
    );
  });

  it('refuses unknown groups and bad ids', async () => {
    const s = await equipmentStation(server);
    const me = await idOf(s.editor);
    expect((await s.editor.put(path(me), { smsAlerts: { enabled: true } })).status).toBe(400);
    expect((await s.editor.get(path('abc'))).status).toBe(400);
    expect((await s.editor.get(path(0))).status).toBe(400);
    // Decimal digits only (issue 37 point 11; server/route-ids.test.ts walks every route).
    for (const spelling of ['1e0', '0x1', '%201', `${me}e0`])
      expect((await s.editor.get(path(spelling))).status).toBe(400);
  });

  it('only self, or owner/admin of the same company; another company’s user is not found', async () => {
    const a = await equipmentStation(server);
    const b = await equipmentStation(server);
    const cameraman = await idOf(a.cameraman);
    expect((await a.editor.get(path(cameraman))).status).toBe(403);
    expect((await a.editor.put(path(cameraman), { breakingNews: { enabled: false } })).status).toBe(403);
    expect((await a.admin.put(path(cameraman), { breakingNews: { enabled: false } })).status).toBe(200);
    expect((await a.owner.get<NotificationPreferences>(path(cameraman))).body.breakingNews.enabled).toBe(false);
    // Company B's owner cannot read or write A's users — not even learn they exist.
    expect((await b.owner.get(path(cameraman))).status).toBe(404);
    expect((await b.owner.put(path(cameraman), { breakingNews: { enabled: true } })).status).toBe(404);
    expect((await a.cameraman.get<NotificationPreferences>(path(cameraman))).body.breakingNews.enabled).toBe(false);
    expect((await a.owner.get(path(999_999))).status).toBe(404);
  });

  it('the bell honours the switches: breaking news off, approvals without returns', async () => {
    const s = await equipmentStation(server);
    await createNews(s.editor, { title: 'Storm hits coast', priority: 'breaking' });
    const item = await createEquipment(s.owner, { name: 'Sony FX6', quantity: 3 });
    await requestEquipment(s.cameraman, item.id);
    const bell = async () =>
      (await s.admin.get<NotificationsResponse>('/api/notifications')).body.items.map((n) => n.id);
    expect(await bell()).toEqual(expect.arrayContaining([expect.stringMatching(/^news-/), 'approvals']));
    await s.admin.put(path(await idOf(s.admin)), {
      breakingNews: { enabled: false },
      equipmentApproval: { includeRequests: false },
    });
    expect(await bell()).toEqual([]);
  });

  it('two hundred parallel partial saves of two groups: neither group’s writes are lost', async () => {
    const s = await equipmentStation(server);
    const me = await idOf(s.editor);
    // Odd requests set thresholds that are never the default 5; even ones odd intervals, never 120.
    const thresholds = new Set<number>();
    const intervals = new Set<number>();
    const puts = Array.from({ length: 200 }, (_, i) => {
      if (i % 2) {
        const threshold = 6 + (i % 40);
        thresholds.add(threshold);
        return s.editor.put(path(me), { lowStockAlerts: { threshold } });
      }
      intervals.add(31 + i);
      return s.editor.put(path(me), { equipmentOverdue: { reminderInterval: 31 + i } });
    });
    const results = await Promise.all(puts);
    expect(results.map((r) => r.status)).toEqual(Array<number>(200).fill(200));
    const last = (await s.editor.get<NotificationPreferences>(path(me))).body;
    expect(thresholds.has(last.lowStockAlerts.threshold)).toBe(true);
    expect(intervals.has(last.equipmentOverdue.reminderInterval)).toBe(true);
  });
});
