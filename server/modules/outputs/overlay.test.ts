import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WS_CLOSE_UNAUTHORIZED } from '../../../shared/constants';
import { DEFAULT_OVERLAY_LAYOUT, OVERLAY_WS_PATH, type OverlayOutput } from '../../../shared/contracts/overlay';
import type { ApiClient } from '../../test/api-client';
import { createCompany, createUser, loginDevOwner } from '../../test/factories';
import { startTestServer, type TestServer } from '../../test/test-server';
import { TestSocket } from '../../test/ws-client';

/** Issue 25: the overlay key, its rotation, the page by key and the read-only overlay channel. */
let server: TestServer;
let owner: Awaited<ReturnType<typeof loginDevOwner>>;
beforeAll(async () => {
  server = await startTestServer();
  owner = await loginDevOwner(server);
});
afterAll(async () => server?.close());

const CLOSE_POLICY = 1008;

async function overlaySocket(key: string): Promise<TestSocket> {
  const socket = new TestSocket(server.url, {}, OVERLAY_WS_PATH);
  await socket.opened();
  socket.send({ type: 'overlay_auth', key });
  return socket;
}

async function outputOf(client: ApiClient): Promise<OverlayOutput> {
  const res = await client.get<OverlayOutput>('/api/outputs/overlay');
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

const headline = (client: ApiClient, content: string) =>
  client.post('/api/cg-files/update-direct', { type: 'headline', content });

describe('overlay key', () => {
  it('is made once, 256 bits as base64url, the same on every read; owner and admin only', async () => {
    const first = await outputOf(owner);
    expect(first.key).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(first.path).toBe(`/overlay/${first.key}`);
    expect(first.layout).toEqual(DEFAULT_OVERLAY_LAYOUT);
    expect((await outputOf(owner)).key).toBe(first.key);
    const admin = await createUser(owner, server, 'admin');
    expect((await outputOf(admin)).key).toBe(first.key);
    for (const role of ['editor', 'mcr', 'cameraman'] as const) {
      const user = await createUser(owner, server, role);
      expect((await user.get('/api/outputs/overlay')).status).toBe(403);
      expect((await user.post('/api/outputs/overlay/rotate')).status).toBe(403);
    }
  });

  it('the page is served without login for the key only; a wrong key is a blank 404', async () => {
    const { key } = await outputOf(owner);
    // This server runs without a built UI: a valid key reaches the page file (503 names the build).
    const page = await fetch(`${server.url}/overlay/${key}`);
    expect(page.status).toBe(503);
    expect(page.headers.get('cache-control')).toBe('no-store');
    const oneOff = key.slice(0, -1) + (key.endsWith('A') ? 'B' : 'A');
    for (const wrong of [oneOff, 'short', '..%2F..%2Fetc%2Fpasswd', '%00']) {
      const res = await fetch(`${server.url}/overlay/${wrong}`);
      expect(res.status).toBe(404);
      expect(await res.text()).not.toMatch(/message|error/i);
    }
  });

  it('rotation cuts off overlays on the old key at once; the old key is refused; the new one works', async () => {
    const before = await outputOf(owner);
    const live = await overlaySocket(before.key);
    await live.waitFor('overlay_snapshot');
    expect((await outputOf(owner)).connected).toBe(1);
    const rotated = await owner.post<OverlayOutput>('/api/outputs/overlay/rotate');
    expect(rotated.status).toBe(200);
    expect(rotated.body.key).not.toBe(before.key);
    expect(rotated.body.connected).toBe(0);
    expect(await live.waitClosed()).toBe(WS_CLOSE_UNAUTHORIZED);
    const stale = await overlaySocket(before.key);
    expect(await stale.waitClosed()).toBe(WS_CLOSE_UNAUTHORIZED);
    expect((await fetch(`${server.url}/overlay/${before.key}`)).status).toBe(404);
    const fresh = await overlaySocket(rotated.body.key);
    await fresh.waitFor('overlay_snapshot');
    expect((await outputOf(owner)).key).toBe(rotated.body.key);
    expect(server.overlayHub.connections(owner.user.companyId)).toEqual({ connected: 1, previews: 0 });
    fresh.close();
  });

  it('counts every socket on the key, a self-declared preview included, and says how many are previews (issue 37 #10)', async () => {
    const { owner: station } = await createCompany(owner, server);
    const { key } = await outputOf(station);
    const output = await overlaySocket(key);
    await output.waitFor('overlay_snapshot');
    // A leaked URL's page that says it is the /outputs preview: it must not hide from the count.
    const claimsPreview = new TestSocket(server.url, {}, OVERLAY_WS_PATH);
    await claimsPreview.opened();
    claimsPreview.send({ type: 'overlay_auth', key, preview: true });
    await claimsPreview.waitFor('overlay_snapshot');
    expect(await outputOf(station)).toMatchObject({ connected: 2, previews: 1 });
    // The as-run log still counts outputs only (a CG change "sent to 1 overlay").
    expect(server.overlayHub.outputCount(station.user.companyId)).toBe(1);
    const rotated = await station.post<OverlayOutput>('/api/outputs/overlay/rotate');
    expect(rotated.body).toMatchObject({ connected: 0, previews: 0 });
    expect(await output.waitClosed()).toBe(WS_CLOSE_UNAUTHORIZED);
    expect(await claimsPreview.waitClosed()).toBe(WS_CLOSE_UNAUTHORIZED);
  });
});

describe('overlay channel', () => {
  it('gets a snapshot of the CG state, then CG changes and nothing else of the company', async () => {
    await headline(owner, 'Snapshot headline');
    const { key } = await outputOf(owner);
    const socket = await overlaySocket(key);
    const snapshot = await socket.waitFor('overlay_snapshot');
    expect(snapshot.data).toMatchObject({
      texts: { headline: 'Snapshot headline' },
      layout: DEFAULT_OVERLAY_LAYOUT,
      timeZone: 'UTC',
    });
    // Things the main channel carries: a story, a user, a bulletin. None may reach the overlay.
    await owner.post('/api/news', { title: 'Not for the overlay', content: 'Body' });
    await createUser(owner, server, 'cameraman');
    await headline(owner, 'Live headline');
    await owner.post('/api/news-crawler/add-headline', { headline: 'Ferry delayed' });
    await socket.until(() =>
      socket.messages.some((m) => m.type === 'cg_file_updated' && (m.data as { type: string }).type === 'news_crawler'),
    );
    expect(new Set(socket.messages.map((m) => m.type))).toEqual(new Set(['overlay_snapshot', 'cg_file_updated']));
    const headlineEvent = socket.messages.find(
      (m) => m.type === 'cg_file_updated' && (m.data as { type: string }).type === 'headline',
    );
    expect(Object.keys(headlineEvent?.data as object).sort()).toEqual(['content', 'type', 'updatedAt']);
    expect(headlineEvent?.data).toMatchObject({ type: 'headline', content: 'Live headline' });
    socket.close();
  });

  it("another company's key sees nothing of this company", async () => {
    const { owner: otherOwner } = await createCompany(owner, server);
    const other = await overlaySocket((await outputOf(otherOwner)).key);
    const otherSnapshot = await other.waitFor('overlay_snapshot');
    expect((otherSnapshot.data as { texts: Record<string, string> }).texts.headline ?? '').not.toContain('headline');
    await headline(owner, 'Only for station A');
    await owner.put('/api/outputs/overlay/layout', { ...DEFAULT_OVERLAY_LAYOUT, tickerSpeed: 200 });
    await headline(otherOwner, 'Station B');
    await other.until(() => other.messages.find((m) => m.type === 'cg_file_updated'));
    expect(other.messages.map((m) => m.type)).toEqual(['overlay_snapshot', 'cg_file_updated']);
    expect(other.messages[1]?.data).toMatchObject({ content: 'Station B' });
    other.close();
  });

  it('refuses writes and unknown messages: before the key and after it', async () => {
    const { key } = await outputOf(owner);
    const beforeKey = [{ type: 'ping' }, { type: 'auth', token: owner.token }, 'not json', { type: 'overlay_auth' }];
    for (const message of beforeKey) {
      const socket = new TestSocket(server.url, {}, OVERLAY_WS_PATH);
      await socket.opened();
      socket.send(message);
      expect({ message, code: await socket.waitClosed() }).toEqual({ message, code: CLOSE_POLICY });
    }
    const afterKey = [
      { type: 'overlay_auth', key },
      { type: 'cg_file_updated', data: { type: 'headline', content: 'Injected' } },
      { type: 'prompter_command', data: { prompterId: 1, command: 'pause' } },
      { type: 'auth', token: owner.token },
    ];
    for (const message of afterKey) {
      const socket = await overlaySocket(key);
      await socket.waitFor('overlay_snapshot');
      socket.send({ type: 'ping' });
      await socket.waitFor('pong');
      socket.send(message);
      expect({ message, code: await socket.waitClosed() }).toEqual({ message, code: CLOSE_POLICY });
    }
    const cg = await owner.get<Array<{ type: string; content: string }>>('/api/cg-files');
    expect(cg.body.map((f) => f.content)).not.toContain('Injected');
  });

  it('the main /ws keeps its own rules: an overlay key is no session there', async () => {
    const { key } = await outputOf(owner);
    const socket = new TestSocket(server.url);
    await socket.opened();
    socket.send({ type: 'overlay_auth', key });
    expect(await socket.waitClosed()).toBe(CLOSE_POLICY);
    const main = new TestSocket(server.url);
    await main.opened();
    main.send({ type: 'auth', token: key });
    expect(await main.waitClosed()).toBe(WS_CLOSE_UNAUTHORIZED);
  });

  it('a cross-site browser origin is refused at the handshake', async () => {
    const socket = new TestSocket(server.url, { origin: 'http://evil.example' }, OVERLAY_WS_PATH);
    await expect(socket.opened()).rejects.toThrow(/403/);
  });
});

describe('overlay clock', () => {
  it('follows a change of the station time zone at once (no reconnect), and only this company’s overlays hear it', async () => {
    const { key } = await outputOf(owner);
    const socket = await overlaySocket(key);
    await socket.waitFor('overlay_snapshot');
    const other = await createCompany(owner, server);
    const otherSocket = await overlaySocket((await outputOf(other.owner)).key);
    await otherSocket.waitFor('overlay_snapshot');
    const put = await owner.put('/api/settings', { timeZone: 'Indian/Maldives' });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect((await socket.waitFor('overlay_clock')).data).toEqual({ timeZone: 'Indian/Maldives' });
    // The other station's overlay heard nothing of it.
    await new Promise((r) => setTimeout(r, 100));
    expect(otherSocket.messages.filter((m) => m.type === 'overlay_clock')).toEqual([]);
    socket.close();
    otherSocket.close();
  });
});

describe('overlay layout', () => {
  it('saves the whole layout, tells the overlays, and refuses bad input with 400 JSON naming the field', async () => {
    const { key } = await outputOf(owner);
    const socket = await overlaySocket(key);
    await socket.waitFor('overlay_snapshot');
    const layout = { ...DEFAULT_OVERLAY_LAYOUT, align: 'center', safeArea: 3, accentColor: '#FFAA00', tickerSpeed: 90 };
    const saved = await owner.put('/api/outputs/overlay/layout', layout);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body).toEqual({ ...layout, accentColor: '#ffaa00', version: expect.any(Number) as unknown });
    expect((await socket.waitFor('overlay_layout')).data).toEqual({ ...layout, accentColor: '#ffaa00' });
    expect((await outputOf(owner)).layout).toEqual({ ...layout, accentColor: '#ffaa00' });
    const bad: Array<[Record<string, unknown>, RegExp]> = [
      [{ ...layout, tickerSpeed: 0 }, /^tickerSpeed: Ticker speed must be at least 20 px\/s/],
      [{ ...layout, fontSize: 400 }, /^fontSize: Font size must be at most 72 px/],
      [{ ...layout, safeArea: 2.5 }, /^safeArea: Safe area must be a whole number/],
      [{ ...layout, accentColor: 'red' }, /^accentColor: Accent colour must be a colour/],
      [{ ...layout, textColor: '#0b1f3b' }, /^textColor: Text colour is too close to the bar colour/],
      [{ ...layout, align: 'middle' }, /^align: Position must be one of/],
      [{ ...layout, tickerLabel: '  ' }, /^tickerLabel: Ticker label cannot be empty/],
      [{ ...layout, breakingLabel: 'x'.repeat(25) }, /^breakingLabel: Breaking label must be at most 24 characters/],
      [{ align: 'left' }, /: /],
    ];
    for (const [body, message] of bad) {
      const res = await owner.put<{ message: string }>('/api/outputs/overlay/layout', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message).toMatch(message);
    }
    const raw = await owner.request<{ message: string }>('PUT', '/api/outputs/overlay/layout', '{"align":', {
      'content-type': 'application/json',
    });
    expect(raw.status).toBe(400);
    expect(typeof raw.body.message).toBe('string');
    expect((await outputOf(owner)).layout.tickerSpeed).toBe(90);
    socket.close();
  });
});
