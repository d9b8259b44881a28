import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BackupOverview } from '../../../shared/contracts/backups';
import type { NotificationsResponse } from '../../../shared/contracts/notifications';
import { createUser, loginDevOwner } from '../../test/factories';
import type { FakeTelegram } from '../../test/fake-telegram';
import { nextToken, startBotServer, stopBotServer, waitConnected } from '../../test/telegram-station';
import type { TestServer } from '../../test/test-server';
import { TestSocket } from '../../test/ws-client';

/**
 * Issue 41: when the last off-PC copy is older than two intervals, the host station's owners are
 * told — live event (bell), Telegram, activity log — once per copy missed, not every minute.
 */
let fake: FakeTelegram;
let server: TestServer;
beforeAll(async () => {
  ({ fake, server } = await startBotServer());
});
afterAll(() => stopBotServer({ fake, server }));

describe('a late off-PC backup copy', () => {
  it('tells the host station owners once by bell event, Telegram and the activity log; a new copy re-arms it', async () => {
    const dev = await loginDevOwner(server);
    const owner = await createUser(dev, server, 'owner');
    const editor = await createUser(dev, server, 'editor');
    await dev.put(`/api/users/${owner.user.id}`, { telegramId: '777001' });
    await dev.put(`/api/users/${editor.user.id}`, { telegramId: '777002' });
    const token = nextToken('BACKUP-ALERT');
    fake.addBot(token, 'host_station_bot');
    expect((await dev.put('/api/settings', { telegramBotToken: token })).status).toBe(200);
    await waitConnected(dev, 'host_station_bot');

    const share = path.join(server.baseDir, 'second-disk');
    fs.mkdirSync(share);
    expect(
      (
        await dev.put('/api/backups/settings', {
          intervalMinutes: 60,
          keepHourly: 24,
          keepDaily: 14,
          keepWeekly: 8,
          offsiteFolder: share,
        })
      ).status,
    ).toBe(200);
    await dev.post('/api/backups');
    await server.services.backups.runner.offsiteDone();
    const socket = await TestSocket.authed(server.url, editor.token ?? '');
    const log = async () =>
      (await dev.get<Array<{ action: string }>>('/api/activity-logs?limit=100')).body.filter(
        (l) => l.action === 'backup_offsite_stale',
      );

    // Fresh copy: nothing to say.
    await server.scheduler.runNow('backup');
    expect(await log()).toHaveLength(0);

    // The share goes away and two intervals pass without a copy.
    fs.rmSync(share, { recursive: true });
    server.clock.advance(2 * 60 * 60_000 + 60_000);
    await server.scheduler.runNow('backup');
    await server.services.backups.runner.offsiteDone();
    // The copy failed and said why; the folder was not made again on this PC's disk.
    expect(fs.existsSync(share)).toBe(false);
    const overview = await dev.get<BackupOverview>('/api/backups');
    expect(overview.body.offsite.stale).toBe(true);
    expect(overview.body.offsite.lastError).toContain('is not there');
    const event = await socket.waitFor('backup_offsite_stale', 5_000);
    expect(event.data).toMatchObject({ intervalMinutes: 60 });
    expect(JSON.stringify(event.data)).not.toContain(share);
    const [sent] = await fake.waitForSent((m) => m.chatId === '777001');
    expect(sent?.text).toContain('no off-PC backup copy');
    expect(await log()).toHaveLength(1);
    // The owner's bell holds it until a copy is made; the editor's does not.
    const bell = async (client: typeof owner) =>
      (await client.get<NotificationsResponse>('/api/notifications')).body.items.filter(
        (i) => i.type === 'backup_late',
      );
    expect(await bell(owner)).toEqual([expect.objectContaining({ title: 'Off-PC backup late', priority: 'high' })]);
    expect(await bell(editor)).toEqual([]);

    // Every minute after: said once, not again.
    for (let i = 0; i < 3; i++) {
      server.clock.advance(60_000);
      await server.scheduler.runNow('backup');
    }
    expect(await log()).toHaveLength(1);
    expect(socket.messages.filter((m) => m.type === 'backup_offsite_stale')).toHaveLength(1);
    expect(fake.sent.filter((m) => m.chatId === '777001' && m.text.includes('off-PC'))).toHaveLength(1);
    // Owners only: the editor's linked chat hears nothing of it.
    expect(fake.sent.filter((m) => m.chatId === '777002')).toHaveLength(0);

    // The share is back, a copy is made; when copies stop again the owner is told again.
    fs.mkdirSync(share);
    await dev.post('/api/backups');
    await server.services.backups.runner.offsiteDone();
    fs.rmSync(share, { recursive: true });
    expect(await bell(owner)).toEqual([]);
    server.clock.advance(2 * 60 * 60_000 + 60_000);
    await server.scheduler.runNow('backup');
    expect(await log()).toHaveLength(2);
    expect(await bell(owner)).toHaveLength(1);
    socket.close();
  }, 60_000);
});
