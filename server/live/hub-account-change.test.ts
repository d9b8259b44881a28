import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WS_CLOSE_REJOIN, WS_CLOSE_UNAUTHORIZED } from '../../shared/constants';
import type { User } from '../../shared/contracts/users';
import { createCompany, createUser, loginDevOwner } from '../test/factories';
import { createNews } from '../test/news-factory';
import { startTestServer, type TestServer } from '../test/test-server';
import { TestSocket } from '../test/ws-client';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const takeOver = (s: TestSocket, id: number) =>
  s.send({ type: 'editing', data: { kind: 'news', id, state: 'take_over' } });
const takeOversBy = (s: TestSocket, userId: number) =>
  s.messages.filter(
    (m) => m.type === 'editing_taken_over' && (m.data as { by: { userId: number } }).by.userId === userId,
  ).length;

/** A station with an owner watching /ws, an editor with an open /ws and a story to take over. */
async function newsroom() {
  const owner = await loginDevOwner(server);
  const editor = await createUser(owner, server, 'editor');
  const story = await createNews(owner);
  const watcher = await TestSocket.authed(server.url, owner.token!, owner.user.id);
  const socket = await TestSocket.authed(server.url, editor.token!, editor.user.id);
  return { owner, editor, story, watcher, socket };
}

describe('a change to a user reaches the sockets opened before it (issue 37 #8)', () => {
  it('an editor demoted to cameraman can no longer take over a story over the socket opened before', async () => {
    const { owner, editor, story, watcher, socket } = await newsroom();
    takeOver(socket, story.id);
    await watcher.until(() => takeOversBy(watcher, editor.user.id) === 1);

    // The attack: the old socket sends again right after the demotion, before it has read the
    // server's close frame (its reading is paused, as a client whose close is still in flight).
    const wire = (socket.socket as unknown as { _socket: { pause(): void; resume(): void } })._socket;
    wire.pause();
    expect((await owner.put(`/api/users/${editor.user.id}`, { role: 'cameraman' })).status).toBe(200);
    takeOver(socket, story.id);
    await sleep(100);
    wire.resume();
    expect(await socket.waitClosed()).toBe(WS_CLOSE_REJOIN);
    // A marker through the same hub after the old socket's message had its chance.
    await sleep(100);
    await createUser(owner, server, 'technical');
    await watcher.until(() =>
      watcher.messages.some((m) => m.type === 'user_updated' && JSON.stringify(m.data).includes('technical')),
    );
    expect(takeOversBy(watcher, editor.user.id)).toBe(1);

    // The session holds (HTTP already read the new role); the client reconnects as a cameraman.
    expect((await editor.get<User>('/api/auth/me')).status).toBe(200);
    const again = await TestSocket.authed(server.url, editor.token!, editor.user.id);
    takeOver(again, story.id);
    const refused = await again.waitFor('editing_error');
    expect(refused.data).toMatchObject({ message: 'Your role may not edit this' });
    expect(takeOversBy(watcher, editor.user.id)).toBe(1);
    for (const s of [watcher, again]) s.close();
  });

  it('a promotion reaches the socket too: a cameraman made MCR counts as online MCR once rejoined', async () => {
    const owner = await loginDevOwner(server);
    const { owner: stationOwner } = await createCompany(owner, server);
    const cam = await createUser(stationOwner, server, 'cameraman');
    const socket = await TestSocket.authed(server.url, cam.token!, cam.user.id);
    expect(server.hub.onlineMcr(cam.user.companyId)).toBe(0);
    expect((await stationOwner.put(`/api/users/${cam.user.id}`, { role: 'mcr' })).status).toBe(200);
    expect(await socket.waitClosed()).toBe(WS_CLOSE_REJOIN);
    const again = await TestSocket.authed(server.url, cam.token!, cam.user.id);
    expect(server.hub.onlineMcr(cam.user.companyId)).toBe(1);
    again.close();
  });

  it('a save that changes nothing a socket acts as leaves it open; a body naming another company moves nobody', async () => {
    const { owner, editor, watcher, socket } = await newsroom();
    const { owner: other } = await createCompany(owner, server);
    const res = await owner.put<User>(`/api/users/${editor.user.id}`, {
      email: 'editor@example.com',
      companyId: other.user.companyId,
    });
    expect(res.status).toBe(200);
    expect(res.body.companyId).toBe(editor.user.companyId);
    socket.send({ type: 'ping' });
    await socket.waitFor('pong');
    expect(socket.closeCode).toBeNull();
    for (const s of [watcher, socket]) s.close();
  });

  it('deactivation and deletion end the session: the sockets close 4401 and the token joins no more', async () => {
    const owner = await loginDevOwner(server);
    for (const end of ['deactivate', 'delete'] as const) {
      const user = await createUser(owner, server, 'editor');
      const socket = await TestSocket.authed(server.url, user.token!, user.user.id);
      const res =
        end === 'deactivate'
          ? await owner.put(`/api/users/${user.user.id}`, { isActive: false })
          : await owner.delete(`/api/users/${user.user.id}`);
      expect(res.status).toBe(200);
      expect(await socket.waitClosed()).toBe(WS_CLOSE_UNAUTHORIZED);
      const again = new TestSocket(server.url);
      await again.opened();
      again.send({ type: 'auth', userId: user.user.id, token: user.token });
      expect(await again.waitClosed()).toBe(WS_CLOSE_UNAUTHORIZED);
    }
  });
});
