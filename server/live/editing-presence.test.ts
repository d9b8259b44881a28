import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EditingEntry } from '../../shared/contracts/live';
import type { Prompter } from '../../shared/contracts/prompters';
import { createCompany, createUser, loginDevOwner } from '../test/factories';
import { createNews } from '../test/news-factory';
import { startTestServer, type TestServer } from '../test/test-server';
import { TestSocket, type LiveMessage } from '../test/ws-client';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const of = (s: TestSocket, type: string) => s.messages.filter((m) => m.type === type);
const entry = (m: LiveMessage) => m.data as EditingEntry;
const editorsOf = (s: TestSocket, id: number) =>
  s.until(() => {
    const last = of(s, 'editing_changed')
      .filter((m) => entry(m).id === id)
      .at(-1);
    return last && entry(last).editors;
  });

/** Company A: owner + editor + cameraman sockets and a story; company B: an owner socket and a story. */
async function newsroom() {
  const owner = await loginDevOwner(server);
  const editor = await createUser(owner, server, 'editor');
  const cam = await createUser(owner, server, 'cameraman');
  const story = await createNews(owner);
  const { owner: bOwner } = await createCompany(owner, server);
  const bStory = await createNews(bOwner);
  const sockets = {
    owner: await TestSocket.authed(server.url, owner.token!, owner.user.id),
    editor: await TestSocket.authed(server.url, editor.token!, editor.user.id),
    cam: await TestSocket.authed(server.url, cam.token!, cam.user.id),
    other: await TestSocket.authed(server.url, bOwner.token!, bOwner.user.id),
  };
  const close = () => Object.values(sockets).forEach((s) => s.close());
  return {
    api: owner,
    ownerId: owner.user.id,
    story,
    bStory,
    ...sockets,
    close,
    tokens: { owner: owner.token!, editor: editor.token! },
  };
}

const open = (s: TestSocket, id: number, kind = 'news') =>
  s.send({ type: 'editing', data: { kind, id, state: 'open' } });

describe('who is editing what, over /ws (issue 26)', () => {
  it('shows an open story to the company at once, never to another company, and clears it when the dialog closes', async () => {
    const r = await newsroom();
    open(r.owner, r.story.id);
    const editors = await editorsOf(r.editor, r.story.id);
    expect(editors).toEqual([
      { userId: r.ownerId, fullName: expect.any(String) as string, since: expect.any(String) as string },
    ]);
    r.owner.send({ type: 'editing', data: { kind: 'news', id: r.story.id, state: 'closed' } });
    await r.editor.until(() => of(r.editor, 'editing_changed').some((m) => entry(m).editors.length === 0));
    await sleep(50);
    expect(of(r.other, 'editing_changed')).toEqual([]);
    r.close();
  });

  it('a socket that drops (tab closed, browser offline, missed ping) leaves nothing behind', async () => {
    const r = await newsroom();
    open(r.owner, r.story.id);
    expect((await editorsOf(r.editor, r.story.id)).length).toBe(1);
    r.owner.close();
    await r.editor.until(() => of(r.editor, 'editing_changed').some((m) => entry(m).editors.length === 0));
    r.close();
  });

  it('a screen that connects later gets the current editors in its snapshot', async () => {
    const r = await newsroom();
    open(r.owner, r.story.id);
    await editorsOf(r.editor, r.story.id);
    const late = await TestSocket.authed(server.url, r.tokens.editor);
    const snapshot = await late.waitFor('editing_snapshot');
    const entries = (snapshot.data as { entries: EditingEntry[] }).entries;
    expect(entries.find((e) => e.kind === 'news' && e.id === r.story.id)?.editors).toHaveLength(1);
    late.close();
    r.close();
  });

  it('two tabs of one user are one editor; closing one keeps the other', async () => {
    const r = await newsroom();
    const second = await TestSocket.authed(server.url, r.tokens.owner);
    open(r.owner, r.story.id);
    open(second, r.story.id);
    await editorsOf(r.editor, r.story.id);
    second.close();
    await sleep(100);
    const changes = of(r.editor, 'editing_changed').filter((m) => entry(m).id === r.story.id);
    expect(changes).toHaveLength(1); // one user throughout: no second event, no clearing
    r.close();
  });

  it('take over tells the one who had it open, at once', async () => {
    const r = await newsroom();
    open(r.owner, r.story.id);
    await editorsOf(r.editor, r.story.id);
    r.editor.send({ type: 'editing', data: { kind: 'news', id: r.story.id, state: 'take_over' } });
    const told = await r.owner.waitFor('editing_taken_over', 1000);
    const data = told.data as { by: { userId: number }; from: number[]; id: number };
    expect(data.id).toBe(r.story.id);
    expect(data.from).toEqual([r.ownerId]);
    expect(data.by.userId).not.toBe(r.ownerId);
    expect(await editorsOf(r.owner, r.story.id)).toHaveLength(2);
    r.close();
  });

  it('refuses another company’s story and a role that may not edit; nobody hears of it', async () => {
    const r = await newsroom();
    open(r.owner, r.bStory.id);
    const refused = await r.owner.waitFor('editing_error');
    expect(refused.data).toMatchObject({ kind: 'news', id: r.bStory.id, message: 'Not found' });
    open(r.cam, r.story.id);
    expect((await r.cam.waitFor('editing_error')).data).toMatchObject({ message: 'Your role may not edit this' });
    await sleep(50);
    expect([...of(r.editor, 'editing_changed'), ...of(r.other, 'editing_changed')]).toEqual([]);
    r.close();
  });

  it('bulletins and prompters have presence too', async () => {
    const r = await newsroom();
    const prompter = (await r.api.post<Prompter>('/api/prompters', { name: 'Evening' })).body;
    open(r.owner, prompter.id, 'prompter');
    const editors = await r.editor.until(() =>
      of(r.editor, 'editing_changed').find((m) => entry(m).kind === 'prompter'),
    );
    expect(entry(editors)).toMatchObject({ kind: 'prompter', id: prompter.id });
    r.close();
  });
});
