import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_MAX_FAILURES } from '../../shared/constants';
import type { CgFile } from '../../shared/contracts/cg-files';
import type { CgNext } from '../../shared/contracts/cg-next';
import type { ServerList } from '../../shared/contracts/ha';
import type { EditingEntry } from '../../shared/contracts/live';
import type { News } from '../../shared/contracts/news';
import { OVERLAY_WS_PATH, type OverlayOutput } from '../../shared/contracts/overlay';
import type { CompanyEvent } from '../lib/event-bus';
import { ApiClient } from '../test/api-client';
import { readCgFile } from '../test/cg-folder';
import { createUser, loginDevOwner } from '../test/factories';
import { createNews } from '../test/news-factory';
import { pgQuery } from '../test/pg-cluster';
import { startTwoServers, stopTwoServers, type TwoServers } from '../test/two-servers';
import { startTestServer, type TestServer } from '../test/test-server';
import { TestSocket } from '../test/ws-client';

/**
 * Issue 43, first step: two servers on one PostgreSQL store hear each other's changes through the
 * engine's LISTEN/NOTIFY (server/live/pg-relay.ts). Its own throwaway cluster (run once, in the
 * `unit` project), two real servers, real sockets.
 */
let two: TwoServers;
let url: string;
let a: TestServer;
let b: TestServer;
beforeAll(async () => {
  two = await startTwoServers('two_servers');
  ({ url, a, b } = two);
}, 60_000);
afterAll(() => stopTwoServers(two));

/** Take mode switched in the settings, as an owner would. */
async function setTakeMode(owner: ApiClient, on: boolean): Promise<void> {
  const { version } = (await owner.get<{ version: number }>('/api/settings')).body;
  expect((await owner.put('/api/settings', { takeMode: on, version })).status).toBe(200);
}

/** One more server on `databaseUrl` for `use`, closed after it whatever happens. */
async function withServer(databaseUrl: string, use: (server: TestServer) => Promise<unknown>): Promise<void> {
  const server = await startTestServer({ databaseUrl });
  try {
    await use(server);
  } finally {
    await server.close();
  }
}

const busOf = (server: TestServer) => server.services.equipmentAlerts.ctx.bus;
/** Every event a bus hands to `subscribe` and to `subscribeLocal`, from now on. */
function heard(server: TestServer) {
  const all: CompanyEvent[] = [];
  const local: CompanyEvent[] = [];
  const offs = [busOf(server).subscribe((e) => all.push(e)), busOf(server).subscribeLocal((e) => local.push(e))];
  return { all, local, stop: () => offs.forEach((off) => off()) };
}
const titleOf = (m: { data: unknown }) => (m.data as News).title;

/** An overlay (the graphics PC's browser source) on `server`, in its room once the snapshot came. */
async function overlayOn(server: TestServer): Promise<TestSocket> {
  const owner = await loginDevOwner(server);
  const { key } = (await owner.get<OverlayOutput>('/api/outputs/overlay')).body;
  const socket = new TestSocket(server.url, {}, OVERLAY_WS_PATH);
  await socket.opened();
  socket.send({ type: 'overlay_auth', key });
  await socket.waitFor('overlay_snapshot');
  return socket;
}
const fileOn = (server: TestServer, type: string) => readCgFile(server.baseDir, type);
const snapshots = (s: TestSocket) => s.messages.filter((m) => m.type === 'overlay_snapshot');

async function relayPid(server: TestServer, which: 'listener' | 'sender'): Promise<number> {
  const name = server.relay!.applicationName(which);
  const rows = await pgQuery<{ pid: number }>(
    url,
    `select pid from pg_stat_activity where application_name = '${name}'`,
  );
  expect(rows).toHaveLength(1);
  return rows[0]!.pid;
}

describe('two servers on one PostgreSQL store (issue 43)', () => {
  it('a story saved on A reaches B’s clients within a second, and B’s cached list and counts show it', async () => {
    const owner = await loginDevOwner(a);
    const onB = await TestSocket.authed(b.url, owner.token!);
    const ownerOnB = await loginDevOwner(b);
    // B has the list and the counts cached before the change.
    const before = await ownerOnB.get<News[]>('/api/news');
    const pageBefore = await ownerOnB.get<{ items: News[]; total: number }>('/api/news?page=1&limit=50');
    expect(before.status).toBe(200);
    expect(pageBefore.status).toBe(200);

    const started = performance.now();
    const saved = await owner.post<News>('/api/news', { title: 'From desk A', content: 'Saved on the first PC' });
    expect(saved.status).toBe(201);
    await onB.until(() => onB.messages.find((m) => m.type === 'news_created' && titleOf(m) === 'From desk A'), 1_000);
    expect(performance.now() - started).toBeLessThan(1_000);

    const after = await ownerOnB.get<News[]>('/api/news');
    expect(after.body.map((n) => n.id)).toContain(saved.body.id);
    const pageAfter = await ownerOnB.get<{ items: News[]; total: number }>('/api/news?page=1&limit=50');
    expect(pageAfter.body.total).toBe(pageBefore.body.total + 1);
    expect(pageAfter.body.items.map((n) => n.id)).toContain(saved.body.id);
    onB.socket.close();
  });

  it('a CG change on A is on B’s clients’ screens at once; B’s once-per-change work does not run again', async () => {
    const owner = await loginDevOwner(a);
    const onB = await TestSocket.authed(b.url, owner.token!);
    const onA = heard(a);
    const onBBus = heard(b);
    const overlay = await overlayOn(b);
    const res = await owner.post('/api/cg-files/update-direct', { type: 'headline', content: 'Harbour reopens' });
    expect(res.status).toBe(200);
    await overlay.until(() => overlay.messages.some((m) => JSON.stringify(m).includes('Harbour reopens')));
    overlay.socket.close();
    const message = await onB.until(() =>
      onB.messages.find((m) => m.type === 'cg_file_updated' && JSON.stringify(m.data).includes('Harbour reopens')),
    );
    expect(message).toBeTruthy();
    const cgOnB = onBBus.all.filter((e) => e.type === 'cg_file_updated');
    expect(cgOnB.length).toBeGreaterThan(0);
    // A's own work ran on A (its local listeners); B heard the change but none of B's local work ran.
    expect(onA.local.some((e) => e.type === 'cg_file_updated')).toBe(true);
    expect(onBBus.local.filter((e) => e.type === 'cg_file_updated')).toEqual([]);
    onA.stop();
    onBBus.stop();
    onB.socket.close();
  });

  it('B’s CG folder follows A’s changes: one at once, and a burst of 60 ends on the store’s text', async () => {
    const owner = await loginDevOwner(a);
    const first = await owner.post('/api/cg-files/update-direct', { type: 'infoline', content: 'މަޢުލޫމާތު: first' });
    expect(first.status).toBe(200);
    await expect.poll(() => fileOn(b, 'infoline'), { timeout: 1_000, interval: 20 }).toBe('މަޢުލޫމާތު: first');

    const burst = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        owner.post('/api/cg-files/update-direct', { type: 'infoline', content: `Info line ${i}` }),
      ),
    );
    expect(burst.every((r) => r.status === 200)).toBe(true);
    const stored = async () =>
      (await owner.get<CgFile[]>('/api/cg-files')).body.find((f) => f.type === 'infoline')?.content;
    const last = await stored();
    expect(last).toMatch(/^Info line \d+$/);
    await expect.poll(() => fileOn(b, 'infoline'), { timeout: 2_000, interval: 20 }).toBe(last);
    expect(fileOn(a, 'infoline')).toBe(last);
  });

  it('NEXT is one for both servers: staged on A, shown on B; 50 parallel takes spread over both air once', async () => {
    const owner = await loginDevOwner(a);
    const ownerB = await loginDevOwner(b);
    await setTakeMode(owner, true);
    // B hears of the take mode from A and reads it from the store: what B's operators send is staged too.
    await expect.poll(async () => (await ownerB.get<CgNext>('/api/cg-files/next')).body.takeMode).toBe(true);
    const onB = await TestSocket.authed(b.url, owner.token!);
    expect((await owner.post('/api/cg-files/update-direct', { type: 'headline', content: 'Staged on A' })).status).toBe(
      200,
    );
    expect(
      (await ownerB.post('/api/cg-files/update-direct', { type: 'subheadline', content: 'Staged on B' })).status,
    ).toBe(200);
    const seen = (await ownerB.get<CgNext>('/api/cg-files/next')).body;
    expect(seen.changes).toEqual([
      { type: 'headline', content: 'Staged on A' },
      { type: 'subheadline', content: 'Staged on B' },
    ]);
    await onB.until(() =>
      onB.messages.find((m) => m.type === 'cg_next_updated' && JSON.stringify(m.data).includes('Staged on B')),
    );

    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        (i % 2 ? owner : ownerB).post('/api/cg-files/take', { version: seen.version }),
      ),
    );
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((st) => st === 200)).toHaveLength(1);
    expect(statuses.filter((st) => st === 409)).toHaveLength(49);
    const files = (await ownerB.get<CgFile[]>('/api/cg-files')).body;
    expect(files.find((f) => f.type === 'headline')?.content).toBe('Staged on A');
    expect(files.find((f) => f.type === 'subheadline')?.content).toBe('Staged on B');
    const after = (await owner.get<CgNext>('/api/cg-files/next')).body;
    expect(after.changes).toEqual([]);
    expect(after.lastTake?.version).toBe(seen.version);
    await setTakeMode(owner, false);
    onB.socket.close();
  });

  it('NEXT stays when a server joins a running store, and is emptied when a server starts alone on it', async () => {
    const stageOn = async (server: TestServer, content: string) => {
      const owner = await loginDevOwner(server);
      await setTakeMode(owner, true);
      expect((await owner.post('/api/cg-files/update-direct', { type: 'headline', content })).status).toBe(200);
    };
    const nextOn = async (server: TestServer) =>
      (await (await loginDevOwner(server)).get<CgNext>('/api/cg-files/next')).body.changes;
    await stageOn(a, 'Staged while two run');
    await withServer(url, async (joining) =>
      expect(await nextOn(joining)).toEqual([{ type: 'headline', content: 'Staged while two run' }]),
    );
    const owner = await loginDevOwner(a);
    expect((await owner.delete('/api/cg-files/next')).status).toBe(200);
    await setTakeMode(owner, false);

    const otherStore = await two.cluster.createDatabase('alone_next');
    await withServer(otherStore, (first) => stageOn(first, 'Staged before the outage'));
    await withServer(otherStore, async (alone) => expect(await nextOn(alone)).toEqual([]));
  });

  it('the login limit holds across servers: 40 guesses spread over both, 5 checked, the rest refused', async () => {
    const owner = await loginDevOwner(a);
    const target = await createUser(owner, a, 'editor');
    const guess = (server: TestServer) =>
      fetch(`${server.url}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: target.user.username, password: 'not-the-password' }),
      }).then((r) => r.status);
    const statuses = await Promise.all(Array.from({ length: 40 }, (_, i) => guess(i % 2 ? a : b)));
    expect(statuses.filter((st) => st === 401)).toHaveLength(LOGIN_MAX_FAILURES);
    expect(statuses.filter((st) => st === 429)).toHaveLength(40 - LOGIN_MAX_FAILURES);
  });

  it('a message longer than one NOTIFY (a 30 000-character Dhivehi story) arrives whole', async () => {
    const owner = await loginDevOwner(a);
    const onB = await TestSocket.authed(b.url, owner.token!);
    const content = 'މާލޭގެ ބަނދަރު ހުޅުވައިފި. '.repeat(1_100);
    expect(Buffer.byteLength(content)).toBeGreaterThan(50_000);
    const saved = await owner.post<News>('/api/news', { title: 'ދިގު ޚަބަރު', content });
    expect(saved.status).toBe(201);
    const m = await onB.until(() => onB.messages.find((x) => x.type === 'news_created' && titleOf(x) === 'ދިގު ޚަބަރު'));
    const got = (m.data as News).content;
    expect(Buffer.byteLength(got)).toBeGreaterThan(50_000);
    // Compared as a boolean: a failure would otherwise print 60 kB of text twice.
    expect(got === saved.body.content).toBe(true);
    onB.socket.close();
  });

  it('a user removed on A is signed out of B’s live channel', async () => {
    const owner = await loginDevOwner(a);
    const editor = await createUser(owner, a, 'editor');
    const onB = await TestSocket.authed(b.url, editor.token!);
    expect((await owner.delete(`/api/users/${editor.user.id}`)).status).toBe(200);
    expect(await onB.waitClosed()).toBe(4401);
  });

  it('every server lists the store’s living servers, itself first, for clients to follow; a server gone leaves the list', async () => {
    const owner = await loginDevOwner(a);
    expect((await owner.get<ServerList>('/api/ha/servers')).body).toEqual({ servers: [a.url, b.url] });
    expect((await (await loginDevOwner(b)).get<ServerList>('/api/ha/servers')).body).toEqual({
      servers: [b.url, a.url],
    });
    await withServer(url, async (c) => {
      expect((await owner.get<ServerList>('/api/ha/servers')).body.servers).toEqual([a.url, b.url, c.url]);
      // The overlay hears them in its snapshot.
      const overlay = await overlayOn(c);
      expect((overlay.messages[0]!.data as { servers: string[] }).servers).toEqual([c.url, a.url, b.url]);
      overlay.close();
    });
    expect((await owner.get<ServerList>('/api/ha/servers')).body.servers).toEqual([a.url, b.url]);
    // A server that stopped on purpose said so: its leaving is no gap (pages are not sent to read again).
    let gaps = 0;
    const offGap = busOf(a).onGap(() => (gaps += 1));
    await new Promise((r) => setTimeout(r, 2_500));
    offGap();
    expect(gaps).toBe(0);
    // Anyone signed in may ask; nobody else.
    expect((await new ApiClient(a.url).get('/api/ha/servers')).status).toBe(401);
  });

  it('who edits a story is one list on both servers: joined from either, changed from either', async () => {
    const owner = await loginDevOwner(a);
    const editor = await createUser(owner, b, 'editor');
    const story = await createNews(owner);
    // B hears A's change by the relay a few ms after A's own sockets: a socket already on B shows when.
    const watcherOnB = await TestSocket.authed(b.url, owner.token!);
    const onA = await TestSocket.authed(a.url, owner.token!);
    onA.send({ type: 'editing', data: { kind: 'news', id: story.id, state: 'open' } });
    const names = (s: TestSocket) => {
      const last = s.messages
        .filter((m) => m.type === 'editing_changed' && (m.data as EditingEntry).id === story.id)
        .at(-1);
      return last && (last.data as EditingEntry).editors.map((e) => e.userId).join(',');
    };
    await onA.until(() => names(onA) === String(owner.user.id));
    await watcherOnB.until(() => names(watcherOnB) === String(owner.user.id));
    watcherOnB.close();
    // A socket joining on B once B has heard is told who edits on A.
    const onB = await TestSocket.authed(b.url, editor.token!);
    const snapshot = onB.messages.find((m) => m.type === 'editing_snapshot')!.data as { entries: EditingEntry[] };
    expect(snapshot.entries.find((e) => e.id === story.id)?.editors.map((e) => e.userId)).toEqual([owner.user.id]);
    // B's editor opens it too: both servers' sockets see both editors.
    onB.send({ type: 'editing', data: { kind: 'news', id: story.id, state: 'open' } });
    const both = [owner.user.id, editor.user.id].join(',');
    await onA.until(() => names(onA) === both);
    await onB.until(() => names(onB) === both);
    // A's socket goes: B sees its own editor alone.
    onA.close();
    await onB.until(() => names(onB) === String(editor.user.id));
    onB.close();
  });

  it('the holds of a server that is gone are cleared: nobody is shown editing from a dead PC', async () => {
    const owner = await loginDevOwner(a);
    const story = await createNews(owner);
    await pgQuery(
      url,
      `insert into editing_presence (holder, company_id, kind, record_id, user_id, full_name, since)
       values ('deadbeef 1', 1, 'news', ${story.id}, ${owner.user.id}, 'Killed PC', '2026-11-29T10:00:00.000Z')`,
    );
    const onA = await TestSocket.authed(a.url, owner.token!);
    // Every server sweeps (at start, then every 10 s): a server starting now clears it at once.
    await withServer(url, async () => {
      await onA.until(() =>
        onA.messages.some(
          (m) =>
            m.type === 'editing_changed' &&
            (m.data as EditingEntry).id === story.id &&
            (m.data as EditingEntry).editors.length === 0,
        ),
      );
    });
    expect(await pgQuery(url, `select holder from editing_presence where holder like 'deadbeef %'`)).toEqual([]);
    onA.close();
  });

  it('B’s listening connection cut: B’s clients read again once it is back, its overlays get the whole state without a blink, changes flow again', async () => {
    const owner = await loginDevOwner(a);
    const onB = await TestSocket.authed(b.url, owner.token!);
    const overlay = await overlayOn(b);
    await pgQuery(url, `select pg_terminate_backend(${await relayPid(b, 'listener')})`);
    // Missed while B was not listening: B's overlay still shows the text before it.
    await owner.post('/api/cg-files/update-direct', { type: 'headline', content: 'Said during the gap' });
    expect(await onB.waitClosed(5_000)).toBe(1012);
    const fresh = await overlay.until(() => snapshots(overlay)[1]);
    expect(JSON.stringify(fresh.data)).toContain('Said during the gap');
    expect(overlay.closeCode).toBeNull();
    overlay.socket.close();
    // And B's CG folder holds it: every station's files were made to match the store.
    await expect.poll(() => fileOn(b, 'headline'), { timeout: 2_000, interval: 20 }).toBe('Said during the gap');
    const again = await TestSocket.authed(b.url, owner.token!);
    await owner.post('/api/news', { title: 'After the gap', content: 'x' });
    await again.until(() => again.messages.find((m) => m.type === 'news_created' && titleOf(m) === 'After the gap'));
    again.socket.close();
  });

  it('A’s sending connection cut: once it is back, A tells B, whose clients read again', async () => {
    const owner = await loginDevOwner(a);
    const onB = await TestSocket.authed(b.url, owner.token!);
    await pgQuery(url, `select pg_terminate_backend(${await relayPid(a, 'sender')})`);
    expect(await onB.waitClosed(5_000)).toBe(1012);
    const again = await TestSocket.authed(b.url, owner.token!);
    await owner.post('/api/news', { title: 'Sender back', content: 'x' });
    await again.until(() => again.messages.find((m) => m.type === 'news_created' && titleOf(m) === 'Sender back'));
    again.socket.close();
  });
});
