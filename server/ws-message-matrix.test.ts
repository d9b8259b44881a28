import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WS_CLOSE_UNAUTHORIZED } from '../shared/constants';
import { clientMessageSchema, type EditingEntry } from '../shared/contracts/live';
import type { Prompter } from '../shared/contracts/prompters';
import { can, ROLES } from '../shared/roles';
import { createNews } from './test/news-factory';
import { createCompany, createUser, loginDevOwner } from './test/factories';
import { startTestServer, type TestServer } from './test/test-server';
import { TestSocket } from './test/ws-client';
import { OVERLAY_WS_MESSAGE_TABLE, WS_MESSAGE_TABLE } from './ws-message-table';
import { OVERLAY_WS_PATH, overlayClientMessageSchema, type OverlayOutput } from '../shared/contracts/overlay';

/** Every client → server message type of server/ws-message-table.ts, before auth, per role, across companies. */
const CLOSE_POLICY = 1008;
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server?.close());

const tableTypes = () => WS_MESSAGE_TABLE.map((m) => m.type).sort();

describe('WebSocket message table', () => {
  it('lists exactly the types the contract accepts and the hub and relay handle', () => {
    const contractTypes = clientMessageSchema.options.map((o) => o.shape.type.value).sort();
    expect(tableTypes()).toEqual(contractTypes);
    // A type the hub or relay compares against that is not in the table is a message nobody listed.
    const handled = new Set<string>();
    for (const file of ['live/hub.ts', 'live/prompter-relay.ts', 'live/editing-presence.ts']) {
      const source = fs.readFileSync(path.join(import.meta.dirname, file), 'utf8');
      for (const m of source.matchAll(/message\??\.type\s*[!=]==\s*'([a-z_]+)'/g)) handled.add(m[1] ?? '');
    }
    expect([...handled].filter((t) => !tableTypes().includes(t as never))).toEqual([]);
    expect(handled.size).toBeGreaterThan(0);
  });

  it('before auth: auth with a bad token closes 4401, every other type closes 1008', async () => {
    for (const entry of WS_MESSAGE_TABLE) {
      const socket = new TestSocket(server.url);
      await socket.opened();
      socket.send(entry.sample(1));
      expect({ type: entry.type, code: await socket.waitClosed() }).toEqual({
        type: entry.type,
        code: entry.rule === 'auth' ? WS_CLOSE_UNAUTHORIZED : CLOSE_POLICY,
      });
    }
  });

  it('after auth: every role may send each type; another company’s prompter reaches nobody', async () => {
    const dev = await loginDevOwner(server);
    const prompter = (await dev.post<Prompter>('/api/prompters', { name: 'WS matrix' })).body;
    const { owner: b } = await createCompany(dev, server);
    const bPrompter = (await b.post<Prompter>('/api/prompters', { name: 'B' })).body;
    const listener = await TestSocket.authed(server.url, dev.token ?? '', dev.user.id);
    const otherCompany = await TestSocket.authed(server.url, b.token ?? '', b.user.id);
    const callers = [...(await Promise.all(ROLES.map((role) => createUser(dev, server, role)))), dev];
    let cells = 0;
    for (const caller of callers) {
      const socket = await TestSocket.authed(server.url, caller.token ?? '', caller.user.id);
      for (const entry of WS_MESSAGE_TABLE.filter((m) => m.rule === 'signedIn')) {
        cells += 2;
        if (entry.scope.kind === 'none') {
          socket.send(entry.sample(prompter.id));
          await socket.until(() => socket.messages.filter((m) => m.type === 'pong').length >= 1);
          continue;
        }
        const heardBefore = listener.messages.filter((m) => m.type === entry.type).length;
        socket.send(entry.sample(bPrompter.id)); // another company's: refused to the sender
        await socket.until(() =>
          socket.messages.find(
            (m) => m.type === 'prompter_error' && (m.data as { prompterId: number }).prompterId === bPrompter.id,
          ),
        );
        socket.messages.length = 0;
        socket.send(entry.sample(prompter.id)); // own company's: the company hears it, once
        const heard = await listener.until(() => {
          const of = listener.messages.filter((m) => m.type === entry.type);
          return of.length > heardBefore && of;
        });
        expect(heard.length).toBe(heardBefore + 1);
        expect(heard.at(-1)?.data as { prompterId: number; from: { userId: number } }).toMatchObject({
          prompterId: prompter.id,
          from: { userId: caller.user.id },
        });
      }
      socket.close();
    }
    // Frames reach one socket in order: a pong after everything means nothing else came first.
    otherCompany.send({ type: 'ping' });
    await otherCompany.waitFor('pong');
    expect(otherCompany.messages.filter((m) => m.type.startsWith('prompter_'))).toEqual([]);
    console.log(`ws message matrix: ${WS_MESSAGE_TABLE.length} types, ${callers.length} callers, ${cells} cells`);
    listener.close();
    otherCompany.close();
  }, 60_000);

  it('editing: roles that may save a story are heard by their company; others and another company’s story are refused to the sender only', async () => {
    const dev = await loginDevOwner(server);
    const story = await createNews(dev, { title: 'WS matrix story' });
    const { owner: b } = await createCompany(dev, server);
    const bStory = await createNews(b, { title: 'B story' });
    const entry = WS_MESSAGE_TABLE.find((m) => m.type === 'editing')!;
    const listener = await TestSocket.authed(server.url, dev.token ?? '', dev.user.id);
    const otherCompany = await TestSocket.authed(server.url, b.token ?? '', b.user.id);
    for (const role of ROLES) {
      const caller = await createUser(dev, server, role);
      const socket = await TestSocket.authed(server.url, caller.token ?? '', caller.user.id);
      socket.send(entry.sample(bStory.id));
      const foreign = await socket.waitFor('editing_error');
      expect({ role, data: foreign.data }).toMatchObject({ role, data: { id: bStory.id } });
      socket.messages.length = 0;
      socket.send(entry.sample(story.id));
      if (can({ role, roletype: 'user' }, 'news.create')) {
        await listener.until(() =>
          listener.messages.find(
            (m) =>
              m.type === 'editing_changed' && (m.data as EditingEntry).editors.some((e) => e.userId === caller.user.id),
          ),
        );
      } else {
        expect({ role, data: (await socket.waitFor('editing_error')).data }).toMatchObject({
          role,
          data: { message: 'Your role may not edit this' },
        });
      }
      socket.close();
    }
    otherCompany.send({ type: 'ping' });
    await otherCompany.waitFor('pong');
    expect(otherCompany.messages.filter((m) => m.type.startsWith('editing_') && m.type !== 'editing_snapshot')).toEqual(
      [],
    );
    listener.close();
    otherCompany.close();
  }, 60_000);
});

describe('overlay WebSocket message table (issue 25)', () => {
  const overlayTypes = () => OVERLAY_WS_MESSAGE_TABLE.map((m) => m.type).sort();

  it('lists exactly the types the overlay contract accepts and the overlay hub handles', () => {
    expect(overlayTypes()).toEqual(overlayClientMessageSchema.options.map((o) => o.shape.type.value).sort());
    const source = fs.readFileSync(path.join(import.meta.dirname, 'live/overlay-hub.ts'), 'utf8');
    const handled = [...source.matchAll(/message\??\.type\s*[!=]==\s*'([a-z_]+)'/g)].map((m) => m[1] ?? '');
    expect(handled.length).toBeGreaterThan(0);
    expect(handled.filter((t) => !overlayTypes().includes(t as never))).toEqual([]);
  });

  it('before the key: a made-up key closes 4401, every other type 1008; after it: ping answered, every other /ws type 1008', async () => {
    const open = async () => {
      const socket = new TestSocket(server.url, {}, OVERLAY_WS_PATH);
      await socket.opened();
      return socket;
    };
    for (const entry of OVERLAY_WS_MESSAGE_TABLE) {
      const socket = await open();
      socket.send(entry.sample());
      expect({ type: entry.type, code: await socket.waitClosed() }).toEqual({
        type: entry.type,
        code: entry.rule === 'overlayKey' ? WS_CLOSE_UNAUTHORIZED : CLOSE_POLICY,
      });
    }
    const dev = await loginDevOwner(server);
    const { key } = (await dev.get<OverlayOutput>('/api/outputs/overlay')).body;
    const keyed = async () => {
      const socket = await open();
      socket.send({ type: 'overlay_auth', key });
      await socket.waitFor('overlay_snapshot');
      return socket;
    };
    const pinging = await keyed();
    for (const entry of OVERLAY_WS_MESSAGE_TABLE.filter((m) => m.rule === 'afterKey')) pinging.send(entry.sample());
    await pinging.waitFor('pong');
    pinging.close();
    // Every other message of the main channel is a write or a session message here: refused.
    const allowedAfterKey = new Set<string>(
      OVERLAY_WS_MESSAGE_TABLE.filter((m) => m.rule === 'afterKey').map((m) => m.type),
    );
    for (const entry of [
      ...WS_MESSAGE_TABLE.filter((m) => !allowedAfterKey.has(m.type)),
      { type: 'overlay_auth', sample: () => ({ type: 'overlay_auth', key }) },
    ]) {
      const socket = await keyed();
      socket.send(entry.sample(1));
      expect({ type: entry.type, code: await socket.waitClosed() }).toEqual({ type: entry.type, code: CLOSE_POLICY });
    }
  });
});
