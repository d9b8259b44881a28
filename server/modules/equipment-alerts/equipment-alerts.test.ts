import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActivityLog } from '../../../shared/contracts/activity-logs';
import type { ErrorBody } from '../../../shared/contracts/common';
import type { EquipmentReminderResult } from '../../../shared/contracts/equipment-alerts';
import type { ApiClient } from '../../test/api-client';
import { alertsOf, insertItem, insertLoan } from '../../test/equipment-alert-fixtures';
import { createStation, createUser } from '../../test/factories';
import { startTestServer, type TestServer } from '../../test/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const remind = (client: ApiClient, body: unknown) =>
  client.post<EquipmentReminderResult & ErrorBody>('/api/telegram/send-equipment-reminder', body);

async function station() {
  const s = await createStation(server);
  const cameraman = await createUser(s.owner, server, 'cameraman', { fullName: 'Ibrahim Naseem' });
  const item = await insertItem(server, s.companyId, { name: 'LiveU Solo', code: `ENC-${s.companyId}` });
  const loan = (status: string, dueInMinutes = 120) =>
    insertLoan(server, {
      companyId: s.companyId,
      equipmentId: item.id,
      requestedBy: cameraman.user.id,
      status,
      dueInMinutes,
    });
  return { ...s, cameraman, item, loan };
}

describe('POST /api/telegram/send-equipment-reminder', () => {
  it('records the reminder and says plainly that it was not delivered (no Telegram channel yet)', async () => {
    const s = await station();
    const id = await s.loan('out');
    const res = await remind(s.owner, { requestId: id });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      success: false,
      delivered: false,
      message: 'Reminder recorded; Telegram delivery is not set up yet',
    });
    expect(
      (await alertsOf(server, s.companyId)).map((a) => [a.kind, a.requestId, a.delivery, a.reason, a.createdBy]),
    ).toEqual([['manual', id, 'not_delivered', 'Telegram delivery is not set up yet', s.owner.user.id]]);
    const log = await s.owner.get<ActivityLog[]>('/api/activity-logs');
    const entry = log.body.find((e) => e.action === 'equipment_reminder');
    expect(entry?.userId).toBe(s.owner.user.id);
    expect(entry?.details).toMatch(
      /^Reminder to return LiveU Solo \(ENC-\d+\), due .* UTC, sent to Ibrahim Naseem — not delivered: Telegram delivery is not set up yet$/,
    );
  });

  it('is for owners and admins only', async () => {
    const s = await station();
    const id = await s.loan('approved');
    const admin = await createUser(s.owner, server, 'admin');
    expect((await remind(admin, { requestId: id })).status).toBe(200);
    for (const role of ['editor', 'mcr', 'technical', 'cameraman'] as const) {
      const user = await createUser(s.owner, server, role);
      expect((await remind(user, { requestId: id })).status, role).toBe(403);
    }
    s.owner.token = null;
    expect((await remind(s.owner, { requestId: id })).status).toBe(401);
  });

  it("answers 404 for another company's request and for a missing one, recording nothing", async () => {
    const a = await station();
    const b = await station();
    const theirs = await b.loan('out');
    const res = await remind(a.owner, { requestId: theirs });
    expect([res.status, res.body.message]).toEqual([404, 'Equipment request not found']);
    expect((await remind(a.owner, { requestId: 9_999_999 })).status).toBe(404);
    expect(await alertsOf(server, b.companyId)).toEqual([]);
    expect(await alertsOf(server, a.companyId)).toEqual([]);
  });

  it('answers 409 for a loan that is not with anyone (pending, rejected, returned, return requested)', async () => {
    const s = await station();
    for (const status of ['pending', 'rejected', 'returned', 'return_requested']) {
      const res = await remind(s.owner, { requestId: await s.loan(status) });
      expect(res.status, status).toBe(409);
      expect(res.body.message).toMatch(/^A reminder is only for an approved or checked-out loan; this request is /);
    }
    expect(await alertsOf(server, s.companyId)).toEqual([]);
  });

  it('refuses a bad body with 400', async () => {
    const s = await station();
    for (const body of [{}, { requestId: 'x' }, { requestId: -1 }, { requestId: 1.5 }, '[]']) {
      const res = await s.owner.request<ErrorBody>(
        'POST',
        '/api/telegram/send-equipment-reminder',
        typeof body === 'string' ? body : JSON.stringify(body),
      );
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
  });
});
