import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createCompany, createUser, loginDevOwner } from '../test/factories';
import { startTestServer, type TestServer } from '../test/test-server';

/** One raw live connection that keeps every frame as received (bytes and text/binary flag). */
interface Raw {
  socket: WebSocket;
  frames: Array<{ bytes: Buffer; binary: boolean }>;
}

async function openAuthed(url: string, token: string): Promise<Raw> {
  const socket = new WebSocket(url.replace(/^http/, 'ws') + '/ws', { perMessageDeflate: false });
  const raw: Raw = { socket, frames: [] };
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  const authed = new Promise<void>((resolve) => {
    socket.on('message', (data: Buffer, binary) => {
      raw.frames.push({ bytes: Buffer.from(data), binary });
      if (raw.frames.length === 1) resolve(); // auth_ok is the first frame
    });
  });
  socket.send(JSON.stringify({ type: 'auth', token }));
  await authed;
  return raw;
}

/** Opens `count` connections, `batch` at a time (1 000 at once would only test the accept queue). */
async function openMany(url: string, token: string, count: number, batch = 100): Promise<Raw[]> {
  const all: Raw[] = [];
  for (let i = 0; i < count; i += batch) {
    all.push(...(await Promise.all(Array.from({ length: Math.min(batch, count - i) }, () => openAuthed(url, token)))));
  }
  return all;
}

function waitUntil(check: () => boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  return new Promise((resolve, reject) => {
    const tick = () => {
      if (check()) return resolve();
      if (Date.now() > deadline) return reject(new Error('timed out'));
      setTimeout(tick, 5);
    };
    tick();
  });
}

const textOf = (f: { bytes: Buffer }) => f.bytes.toString('utf8');

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('live fan-out (issue 24)', () => {
  it('one CG write reaches 1 000 sockets of the company as the same valid JSON text frame, and no other company', async () => {
    const dev = await loginDevOwner(server);
    const { owner: other } = await createCompany(dev, server);
    const mine = await openMany(server.url, dev.token!, 1000);
    const theirs = await openMany(server.url, other.token!, 20);
    expect(server.hub.connectedCount(dev.user.companyId)).toBe(1000);

    const content = `Fan-out ${Date.now()} — ރައީސް`;
    const isTheWrite = (f: { bytes: Buffer }) => textOf(f).includes(content);
    const res = await dev.post('/api/cg-files/update-direct', { type: 'headline', content });
    expect(res.status).toBe(200);
    await waitUntil(() => mine.every((c) => c.frames.some(isTheWrite)));

    const got = mine.map((c) => c.frames.filter(isTheWrite));
    expect(got.every((frames) => frames.length === 1)).toBe(true);
    const first = got[0]![0]!;
    expect(first.binary).toBe(false);
    const message = JSON.parse(textOf(first)) as { type: string; data: { type: string; content: string } };
    expect(message).toMatchObject({ type: 'cg_file_updated', data: { type: 'headline', content } });
    expect(got.every(([f]) => f!.binary === false && f!.bytes.equals(first.bytes))).toBe(true);

    // A marker event in the other company proves their sockets are live and ordered; then check.
    const marker = await createUser(other, server, 'mcr');
    await waitUntil(() => theirs.every((c) => c.frames.some((f) => textOf(f).includes(marker.user.username))));
    expect(theirs.some((c) => c.frames.some((f) => isTheWrite(f) || textOf(f).includes('cg_file_updated')))).toBe(
      false,
    );

    [...mine, ...theirs].forEach((c) => c.socket.terminate());
  }, 30_000);
});
