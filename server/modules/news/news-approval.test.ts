import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { News, NewsApprovalRule } from '../../../shared/contracts/news';
import type { NotificationsResponse } from '../../../shared/contracts/notifications';
import type { Settings } from '../../../shared/contracts/settings';
import { createCompany, createUser, loginDevOwner } from '../../test/factories';
import { createNews } from '../../test/news-factory';
import { startTestServer, type TestServer } from '../../test/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

type Err = { message: string };

/** A station with two editors, an admin and an MCR writer (news.create without news.manage). */
async function newsroom() {
  const dev = await loginDevOwner(server);
  const { owner } = await createCompany(dev, server);
  const [admin, editor1, editor2, mcr] = await Promise.all([
    createUser(owner, server, 'admin', { fullName: 'Aisha Admin' }),
    createUser(owner, server, 'editor', { fullName: 'Eman Editor' }),
    createUser(owner, server, 'editor', { fullName: 'Ibrahim Editor' }),
    createUser(owner, server, 'mcr', { fullName: 'Moosa MCR' }),
  ]);
  const secondApprover = async (on: boolean) => {
    const res = await owner.put<Settings>('/api/settings', { secondApprover: on });
    expect(res.status).toBe(200);
    expect(res.body.secondApprover).toBe(on);
  };
  const submittedBell = async (who: typeof owner) =>
    (await who.get<NotificationsResponse>('/api/notifications')).body.items.filter((n) => n.type === 'story_submitted');
  return { owner, admin, editor1, editor2, mcr, secondApprover, submittedBell };
}

describe('a second person approves (issue 39 point 2)', () => {
  it('is off by default: an editor approves their own story, as the spec has it', async () => {
    const r = await newsroom();
    expect((await r.owner.get<Settings>('/api/settings')).body.secondApprover).toBe(false);
    expect((await r.editor1.get<NewsApprovalRule>('/api/news/approval-rule')).body).toEqual({ secondApprover: false });
    const story = await createNews(r.editor1);
    expect((await r.editor1.post<News>(`/api/news/${story.id}/approve`)).status).toBe(200);
  });

  it('on: the writer (owner included) is refused with 403 and a reason; another editor approves', async () => {
    const r = await newsroom();
    await r.secondApprover(true);
    // Every signed-in user reads the rule (the news page hides Approve on one's own stories).
    expect((await r.mcr.get<NewsApprovalRule>('/api/news/approval-rule')).body).toEqual({ secondApprover: true });

    const story = await createNews(r.editor1, { title: 'Harbour works' });
    const self = await r.editor1.post<Err>(`/api/news/${story.id}/approve`);
    expect(self.status).toBe(403);
    expect(self.body.message).toBe(
      'A second person approves at this station: you wrote this story, so another editor must approve it',
    );
    expect((await r.editor1.get<News>(`/api/news/${story.id}`)).body.status).toBe('draft');

    // Owners are not excepted: the switch is the owner's way out, and it is logged.
    const ownerStory = await createNews(r.owner);
    expect((await r.owner.post(`/api/news/${ownerStory.id}/approve`)).status).toBe(403);
    expect((await r.admin.post(`/api/news/${ownerStory.id}/approve`)).status).toBe(200);

    // Editing someone's story does not make it yours: the copy editor approves the writer's story.
    const edited = await r.editor2.put<News>(`/api/news/${story.id}`, {
      content: 'Copy-edited',
      version: story.version,
    });
    expect(edited.status).toBe(200);
    const approved = await r.editor2.post<News>(`/api/news/${story.id}/approve`);
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({ status: 'approved', approvedBy: r.editor2.user.id });

    // Switched off again: self-approval is back (the spec's behaviour).
    await r.secondApprover(false);
    const later = await createNews(r.editor1);
    expect((await r.editor1.post(`/api/news/${later.id}/approve`)).status).toBe(200);
  });

  it('the rule is read inside the approval’s transaction: 40 approvals at once, the writer’s never win', async () => {
    const r = await newsroom();
    await r.secondApprover(true);
    const story = await createNews(r.editor1);
    const calls = Array.from({ length: 40 }, (_, i) =>
      (i % 2 ? r.editor2 : r.editor1).post<News>(`/api/news/${story.id}/approve`),
    );
    const answers = await Promise.all(calls);
    const ok = answers.filter((a) => a.status === 200);
    expect(ok).toHaveLength(1);
    expect(ok[0]!.body.approvedBy).toBe(r.editor2.user.id);
    // The writer: 403 (own story) while it is a draft, 409 once someone approved it — never 200.
    answers.forEach((a, i) => expect(i % 2 ? [200, 409] : [403, 409]).toContain(a.status));
  });

  it('the setting is the owners’ and admins’: an editor cannot switch it', async () => {
    const r = await newsroom();
    expect((await r.editor1.put('/api/settings', { secondApprover: true })).status).toBe(403);
    expect((await r.admin.put<Settings>('/api/settings', { secondApprover: true })).body.secondApprover).toBe(true);
    expect((await r.owner.put('/api/settings', { secondApprover: 'yes' })).status).toBe(400);
  });
});

describe('submit for approval (issue 39 point 2)', () => {
  it('a writer submits their draft: approvers’ bells say so, the writer’s does not; approval clears it', async () => {
    const r = await newsroom();
    const story = await createNews(r.mcr, { title: 'Ferry timetable' });
    const res = await r.mcr.post<News>(`/api/news/${story.id}/submit`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'draft', submittedBy: r.mcr.user.id, submittedByName: 'Moosa MCR' });
    expect(res.body.submittedAt).toEqual(expect.any(String));

    for (const approver of [r.owner, r.admin, r.editor1, r.editor2]) {
      const bell = await r.submittedBell(approver);
      expect(bell).toHaveLength(1);
      expect(bell[0]).toMatchObject({
        title: 'Submitted for approval',
        message: '"Ferry timetable" — Moosa MCR',
        priority: 'normal',
      });
    }
    expect(await r.submittedBell(r.mcr)).toEqual([]);

    // Twice is a 409 saying who already did.
    const again = await r.mcr.post<Err>(`/api/news/${story.id}/submit`);
    expect(again.status).toBe(409);
    expect(again.body.message).toContain('already submitted');

    expect((await r.editor1.post(`/api/news/${story.id}/approve`)).status).toBe(200);
    expect(await r.submittedBell(r.editor2)).toEqual([]);
    const approvedAgain = await r.mcr.post<Err>(`/api/news/${story.id}/submit`);
    expect(approvedAgain.status).toBe(409);
    expect(approvedAgain.body.message).toBe('Only draft articles can be submitted for approval (this one is approved)');
  });

  it('with a second approver, the writer’s own bell leaves out their submitted story; a send-back clears the submission', async () => {
    const r = await newsroom();
    await r.secondApprover(true);
    const story = await createNews(r.editor1, { title: 'Council vote' });
    expect((await r.editor1.post(`/api/news/${story.id}/submit`)).status).toBe(200);
    expect(await r.submittedBell(r.editor1)).toEqual([]);
    expect(await r.submittedBell(r.editor2)).toHaveLength(1);
    const back = await r.editor2.post<News>(`/api/news/${story.id}/reject`, { reason: 'Needs the vote count' });
    expect(back.body).toMatchObject({ status: 'draft', submittedAt: null, submittedBy: null });
    expect(await r.submittedBell(r.editor2)).toEqual([]);
    // Reworked and submitted again.
    expect((await r.editor1.post(`/api/news/${story.id}/submit`)).status).toBe(200);
  });

  it('only the writer or an editor may submit a draft: an MCR writer cannot submit someone else’s', async () => {
    const r = await newsroom();
    const story = await createNews(r.editor1);
    const res = await r.mcr.post<Err>(`/api/news/${story.id}/submit`);
    expect(res.status).toBe(403);
    expect((await r.editor2.post(`/api/news/${story.id}/submit`)).status).toBe(200);
  });
});
