import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WS_CLOSE_UNAUTHORIZED } from '../../shared/constants';
import { createCompany, createUser, loginDevOwner } from '../test/factories';
import { startTestServer, type TestServer } from '../test/test-server';
import { TestSocket } from '../test/ws-client';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ wsPingIntervalMs: 200 });
});
afterAll(() => server.close());

describe('live channel /ws', () => {
  it('delivers user_updated to the same company and nobody else', async () => {
    const dev = await loginDevOwner(server);
    const { owner: other } = await createCompany(dev, server);
    const mine = await TestSocket.authed(server.url, dev.token!, dev.user.id);
    const theirs = await TestSocket.authed(server.url, other.token!, other.user.id);
    const created = await createUser(dev, server, 'editor');
    const msg = await mine.until(() =>
      mine.messages.find((m) => m.type === 'user_updated' && JSON.stringify(m.data).includes(created.user.username)),
    );
    expect(msg.data).toMatchObject({ change: 'created', user: { username: created.user.username } });
    // A marker event in the other company proves their socket is live and ordered, then check.
    await createUser(other, server, 'mcr');
    await theirs.waitFor('user_updated');
    expect(theirs.messages.some((m) => JSON.stringify(m.data).includes(created.user.username))).toBe(false);
    mine.close();
    theirs.close();
  });

  it('closes with 4401 on a bad token or a userId that is not the token’s', async () => {
    const bad = new TestSocket(server.url);
    await bad.opened();
    bad.send({ type: 'auth', userId: 1, token: 'not-a-token' });
    expect(await bad.waitClosed()).toBe(WS_CLOSE_UNAUTHORIZED);

    const dev = await loginDevOwner(server);
    const spoof = new TestSocket(server.url);
    await spoof.opened();
    spoof.send({ type: 'auth', userId: dev.user.id + 1000, token: dev.token });
    expect(await spoof.waitClosed()).toBe(WS_CLOSE_UNAUTHORIZED);
  });

  it('after auth, ignores unparsable messages and answers ping', async () => {
    const dev = await loginDevOwner(server);
    const s = await TestSocket.authed(server.url, dev.token!, dev.user.id);
    s.send('{not json');
    s.send({ type: 'ping' });
    await s.waitFor('pong');
    expect(s.closeCode).toBeNull();
    s.close();
  });

  it('refuses a browser Origin that is not the server’s own at the handshake', async () => {
    const foreign = new TestSocket(server.url, { Origin: 'http://evil.example' });
    await expect(foreign.opened()).rejects.toThrow(/403/);
    const same = new TestSocket(server.url, { Origin: server.url.replace('localhost', '127.0.0.1') });
    await same.opened();
    same.close();
  });

  it('closes the sockets of a user who logs out', async () => {
    const dev = await loginDevOwner(server);
    const editor = await createUser(dev, server, 'editor');
    const s = await TestSocket.authed(server.url, editor.token!, editor.user.id);
    await editor.post('/api/auth/logout');
    expect(await s.waitClosed()).toBe(WS_CLOSE_UNAUTHORIZED);
  });

  it('terminates a client that stops answering pings', async () => {
    const dev = await loginDevOwner(server);
    const s = await TestSocket.authed(server.url, dev.token!, dev.user.id);
    // Stop the client's automatic pong replies: ws answers pings inside its receiver, so pause it.
    (s.socket as unknown as { _socket: { pause(): void } })._socket.pause();
    const deadline = Date.now() + 3000;
    while (server.hub.connectedCount(dev.user.companyId) > 0 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(server.hub.connectedCount(dev.user.companyId)).toBe(0);
    s.close();
  });
});
