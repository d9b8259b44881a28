import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DashboardStats } from '../../shared/contracts/dashboard';
import { createCompany, createUser, loginDevOwner } from '../test/factories';
import { startTestServer, type TestServer } from '../test/test-server';
import { TestSocket } from '../test/ws-client';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

async function station() {
  const dev = await loginDevOwner(server);
  const { owner } = await createCompany(dev, server);
  const [mcr, editor] = await Promise.all([createUser(owner, server, 'mcr'), createUser(owner, server, 'editor')]);
  return { owner, mcr, editor };
}

const presenceEvents = (s: TestSocket) => s.messages.filter((m) => m.type === 'presence_changed');
const settle = () => new Promise((r) => setTimeout(r, 150));

describe('presence: online and online MCR (issue 13)', () => {
  it('counts distinct users per company, announces only first-in / last-out, and ignores other companies', async () => {
    const a = await station();
    const b = await station();
    const users = async () => (await a.owner.get<DashboardStats>('/api/dashboard/stats')).body.users;

    // The owner watches the company's events over a socket of their own (it counts too).
    const watcher = await TestSocket.authed(server.url, a.owner.token!, a.owner.user.id);
    const mcr1 = await TestSocket.authed(server.url, a.mcr.token!, a.mcr.user.id);
    // The watcher hears its own arrival too (it joined the room before the announcement).
    await watcher.until(() => presenceEvents(watcher).length === 2);
    const mcr2 = await TestSocket.authed(server.url, a.mcr.token!, a.mcr.user.id);
    const editor = await TestSocket.authed(server.url, a.editor.token!, a.editor.user.id);
    await watcher.until(() => presenceEvents(watcher).length === 3);
    // Another company's MCR and editor never count here.
    const otherMcr = await TestSocket.authed(server.url, b.mcr.token!, b.mcr.user.id);
    const otherEditor = await TestSocket.authed(server.url, b.editor.token!, b.editor.user.id);
    await settle();
    // Owner + MCR (2 sockets) + editor: 3 distinct users, 1 of them MCR; the second MCR socket sent nothing.
    expect(await users()).toEqual({ online: 3, onlineMcr: 1 });
    expect(presenceEvents(watcher).map((m) => m.data)).toEqual([
      { online: 1, onlineMcr: 0 },
      { online: 2, onlineMcr: 1 },
      { online: 3, onlineMcr: 1 },
    ]);

    mcr1.close();
    await settle();
    expect(presenceEvents(watcher)).toHaveLength(3);
    expect(await users()).toEqual({ online: 3, onlineMcr: 1 });

    mcr2.close();
    await watcher.until(() => presenceEvents(watcher).length === 4);
    expect(presenceEvents(watcher)[3]?.data).toEqual({ online: 2, onlineMcr: 0 });
    expect(await users()).toEqual({ online: 2, onlineMcr: 0 });

    editor.close();
    await watcher.until(() => presenceEvents(watcher).length === 5);
    expect(await users()).toEqual({ online: 1, onlineMcr: 0 });
    // B's own numbers were B's alone.
    expect((await b.owner.get<DashboardStats>('/api/dashboard/stats')).body.users).toEqual({ online: 2, onlineMcr: 1 });
    for (const s of [watcher, otherMcr, otherEditor]) s.close();
  });

  it('a socket that never authenticates is not online', async () => {
    const a = await station();
    const anon = new TestSocket(server.url);
    await anon.opened();
    await settle();
    expect((await a.owner.get<DashboardStats>('/api/dashboard/stats')).body.users).toEqual({ online: 0, onlineMcr: 0 });
    anon.close();
  });
});
