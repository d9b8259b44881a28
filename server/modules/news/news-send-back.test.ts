import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { News, OnAirStoryConflict } from '../../../shared/contracts/news';
import type { NotificationsResponse } from '../../../shared/contracts/notifications';
import type { Prompter } from '../../../shared/contracts/prompters';
import { createBulletin } from '../../test/bulletin-factory';
import { createCompany } from '../../test/factories';
import { createNews } from '../../test/news-factory';
import { storeSql } from '../../test/store-sql';
import { createBotStation, startBotServer, stopBotServer, type BotServer } from '../../test/telegram-station';

let bot: BotServer;
beforeAll(async () => {
  bot = await startBotServer();
});
afterAll(() => stopBotServer(bot));

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A station with a bot: the mcr user writes (Telegram-linked), the editor sends back. */
async function newsroom() {
  const s = await createBotStation(bot.server, bot.fake);
  const story = await createNews(s.mcr, { title: 'Harbour story' });
  const bell = async () =>
    (await s.mcr.get<NotificationsResponse>('/api/notifications')).body.items.filter(
      (n) => n.type === 'story_returned',
    );
  const toWriter = () =>
    bot.fake.sent.filter((m) => m.chatId === String(s.tg.mcr.id) && m.text.includes('Harbour story'));
  return { ...s, story, bell, toWriter };
}

describe('sending a story back to its writer (issue 26)', () => {
  it('reject with a reason: the story shows it, the writer’s bell and Telegram get it once', async () => {
    const r = await newsroom();
    const res = await r.editor.post<News>(`/api/news/${r.story.id}/reject`, { reason: 'Needs a second source' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      status: 'draft',
      returnReason: 'Needs a second source',
      returnKind: 'rejected',
      returnedBy: r.editor.user.id,
      returnedByName: r.editor.user.fullName,
    });
    expect((await r.mcr.get<News>(`/api/news/${r.story.id}`)).body.returnReason).toBe('Needs a second source');

    const bell = await r.bell();
    expect(bell).toHaveLength(1);
    expect(bell[0]).toMatchObject({ title: 'Story sent back', priority: 'high' });
    expect(bell[0]!.message).toContain('Needs a second source');

    await bot.fake.waitForSent((m) => m.chatId === String(r.tg.mcr.id) && m.text.includes('Harbour story'), 1);
    await sleep(300);
    expect(r.toWriter()).toHaveLength(1);
    expect(r.toWriter()[0]!.text).toContain('Reason: Needs a second source');
    // Nobody else hears of it: the editor's bell stays clear.
    expect(
      (await r.editor.get<NotificationsResponse>('/api/notifications')).body.items.filter(
        (n) => n.type === 'story_returned',
      ),
    ).toEqual([]);

    // The writer reworks it: the bell clears; approval then clears the reason from the story.
    await r.mcr.put(`/api/news/${r.story.id}`, { content: 'Two sources now' });
    expect(await r.bell()).toEqual([]);
    const approved = await r.editor.post<News>(`/api/news/${r.story.id}/approve`);
    expect(approved.body).toMatchObject({ status: 'approved', returnReason: null, returnKind: null });
  });

  it('unapprove takes an approved story back to draft; in a bulletin on air it asks first', async () => {
    const r = await newsroom();
    await r.editor.post(`/api/news/${r.story.id}/approve`);
    const bulletinId = await createBulletin(bot.server, r.companyId, r.owner.user.id, {
      title: 'Noon news',
      items: [{ type: 'news', newsId: r.story.id }],
    });
    const prompter = (await r.owner.post<Prompter>('/api/prompters', { name: 'Studio A', bulletinId })).body;
    expect((await r.owner.post(`/api/prompters/${prompter.id}/sessions`, {})).status).toBe(201);

    const asked = await r.editor.post<OnAirStoryConflict>(`/api/news/${r.story.id}/unapprove`, {
      reason: 'Facts changed',
    });
    expect(asked.status).toBe(409);
    expect(asked.body.onAirBulletins).toEqual([{ id: bulletinId, title: 'Noon news', status: 'draft' }]);
    expect(asked.body.message).toContain('Noon news');
    expect((await r.mcr.get<News>(`/api/news/${r.story.id}`)).body.status).toBe('approved'); // nothing changed

    const taken = await r.editor.post<News>(`/api/news/${r.story.id}/unapprove`, {
      reason: 'Facts changed',
      confirmOnAir: true,
    });
    expect(taken.status).toBe(200);
    expect(taken.body).toMatchObject({
      status: 'draft',
      approvedBy: null,
      approvedAt: null,
      returnKind: 'unapproved',
      returnReason: 'Facts changed',
    });
    expect((await r.bell())[0]).toMatchObject({ title: 'Story taken back' });
  });

  it.each(['live', 'breaking', 'local_break'] as const)(
    'unapprove of a story in a bulletin whose status is %s asks first (no prompter reading); the writer hears once',
    async (status) => {
      const r = await newsroom();
      await r.editor.post(`/api/news/${r.story.id}/approve`);
      const bulletinId = await createBulletin(bot.server, r.companyId, r.owner.user.id, {
        title: 'Six o’clock',
        items: [{ type: 'news', newsId: r.story.id }],
      });
      // A bulletin that is only planned holds nothing on air.
      await createBulletin(bot.server, r.companyId, r.owner.user.id, {
        title: 'Tomorrow',
        items: [{ type: 'news', newsId: r.story.id }],
      });
      // The web UI never sets these statuses (new bulletins are draft, edits keep the status); a
      // station's own tools or an older database do, so the rule reads the column as stored.
      await storeSql(bot.server, 'UPDATE bulletins SET status = ? WHERE id = ?', [status, bulletinId]);

      const asked = await r.editor.post<OnAirStoryConflict>(`/api/news/${r.story.id}/unapprove`, {
        reason: 'Wrong figures',
      });
      expect(asked.status).toBe(409);
      expect(asked.body.onAirBulletins).toEqual([{ id: bulletinId, title: 'Six o’clock', status }]);
      expect((await r.mcr.get<News>(`/api/news/${r.story.id}`)).body.status).toBe('approved');
      expect(r.toWriter()).toEqual([]);

      expect(
        (await r.editor.post(`/api/news/${r.story.id}/unapprove`, { reason: 'Wrong figures', confirmOnAir: true }))
          .status,
      ).toBe(200);
      await bot.fake.waitForSent((m) => m.chatId === String(r.tg.mcr.id) && m.text.includes('Harbour story'), 1);
      await sleep(300);
      expect(r.toWriter()).toHaveLength(1);
      expect(r.toWriter()[0]!.text).toContain('Reason: Wrong figures');
    },
  );

  it('who may, what may be sent back, and what a reason must be', async () => {
    const r = await newsroom();
    expect((await r.mcr.post(`/api/news/${r.story.id}/reject`, { reason: 'x' })).status).toBe(403);
    expect((await r.cameraman.post(`/api/news/${r.story.id}/reject`, { reason: 'x' })).status).toBe(403);
    const { owner: other } = await createCompany(r.dev, bot.server);
    expect((await other.post(`/api/news/${r.story.id}/reject`, { reason: 'x' })).status).toBe(404);
    for (const body of [{}, { reason: '   ' }, { reason: 'a'.repeat(501) }, { reason: 'bell\u0007' }, { reason: 42 }]) {
      const res = await r.editor.post<{ message: string }>(`/api/news/${r.story.id}/reject`, body);
      expect(res.status).toBe(400);
      expect(res.body.message).toBeTruthy();
    }
    // A draft cannot be "taken back"; an approved story is not "rejected"; published is past both.
    expect((await r.editor.post(`/api/news/${r.story.id}/unapprove`, { reason: 'x' })).status).toBe(409);
    await r.editor.post(`/api/news/${r.story.id}/approve`);
    expect((await r.editor.post(`/api/news/${r.story.id}/reject`, { reason: 'x' })).status).toBe(409);
    await r.editor.post(`/api/news/${r.story.id}/publish`);
    expect((await r.editor.post(`/api/news/${r.story.id}/unapprove`, { reason: 'x' })).status).toBe(409);
    expect((await r.mcr.get<News>(`/api/news/${r.story.id}`)).body).toMatchObject({
      status: 'published',
      returnReason: null,
    });
  });
});
