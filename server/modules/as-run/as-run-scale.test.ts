import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AsRunPage } from '../../../shared/contracts/as-run';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { createStation, createUser } from '../../test/factories';
import { startTestServer, type TestServer } from '../../test/test-server';

const ROWS = 100_000;
const TYPES = ['headline', 'subheadline', 'infoline', 'titlebar'];

let server: TestServer;
let station: Awaited<ReturnType<typeof createStation>>;
/** The newest seeded time: one row per 10 ms back from here. */
const START = Date.parse('2026-11-20T00:00:00.000Z');

beforeAll(async () => {
  server = await startTestServer();
  station = await createStation(server);
  // Seeded through SQL on a second connection: 100 000 rows in one transaction (~0.3 s).
  const db = new Database(path.join(server.dataDir, 'cg-bridge.sqlite'));
  const insert = db.prepare(`INSERT INTO as_run (company_id, at, seq, user_id, source, action, type, text, output, result, message)
    VALUES (?, ?, ?, ?, 'web', 'cg_file_updated', ?, ?, ?, 'ok', NULL)`);
  db.transaction(() => {
    for (let i = 0; i < ROWS; i += 1) {
      insert.run(station.companyId, new Date(START - (ROWS - i) * 10).toISOString(), i + 1, station.owner.user.id, TYPES[i % TYPES.length], `Text ${i}`, i % 2 ? 'overlay' : 'files');
    }
  })();
  db.close();
}, 60_000);
afterAll(async () => {
  await server.close();
});

const p99 = (ms: number[]) => [...ms].sort((a, b) => a - b)[Math.ceil(ms.length * 0.99) - 1] ?? 0;

describe('as-run at 100 000 rows', () => {
  /**
   * The walk reads 200 pages back to back: faster than a session's 50 reads a second on a quiet
   * machine. It waits out a 429's Retry-After, as a client does — the rate limit is not what is tested here.
   */
  async function paced<T extends { status: number; headers: Headers }>(read: () => Promise<T>): Promise<T> {
    for (;;) {
      const res = await read();
      if (res.status !== 429) return res;
      await new Promise((r) => setTimeout(r, Number(res.headers.get('retry-after') ?? 1) * 1000));
    }
  }

  it('pages through every row to the end, newest first; a page deep in the log is as fast as the first', async () => {
    const cursors: string[] = [];
    let cursor: string | null = null;
    let seen = 0;
    let lastSeq = Infinity;
    do {
      const res: { status: number; body: AsRunPage } = await paced(() => station.owner.get<AsRunPage>(`/api/as-run?limit=500${cursor ? `&before=${encodeURIComponent(cursor)}` : ''}`));
      expect(res.status, JSON.stringify(res.body).slice(0, 300)).toBe(200);
      for (const e of res.body.entries) {
        expect(e.seq).toBeLessThan(lastSeq);
        lastSeq = e.seq;
      }
      seen += res.body.entries.length;
      cursor = res.body.nextCursor;
      if (cursor) cursors.push(cursor);
    } while (cursor);
    expect(seen).toBe(ROWS);
    expect(lastSeq).toBe(1);
    // The page the UI asks for (50 rows) at every depth: the keyset makes the last as cheap as the first.
    const reader = await createUser(station.owner, server, 'mcr');
    const times: number[] = [];
    for (const at of cursors.filter((_, i) => i % 2 === 0)) {
      const t = performance.now();
      const res = await reader.get<AsRunPage>(`/api/as-run?before=${encodeURIComponent(at)}`);
      times.push(performance.now() - t);
      expect(res.body.entries).toHaveLength(50);
    }
    console.log(`as-run 100k: ${times.length} pages of 50 at every depth, p99 ${p99(times).toFixed(1)} ms, first ${times[0]?.toFixed(1)} ms, last ${times.at(-1)?.toFixed(1)} ms`);
    // §7's list target is p99 ≤ 20 ms on a quiet machine (the bench's job); this bound only catches a sort or a scan.
    expect(p99(times)).toBeLessThan(100);
  }, 120_000);

  it('a filtered page deep in the log is fast (type, output, user, a day window)', async () => {
    const day = encodeURIComponent(new Date(START - 86_400_000).toISOString());
    const queries = ['type=titlebar', 'output=overlay', `userId=${station.owner.user.id}`, `from=${day}`, `type=infoline&to=${encodeURIComponent(new Date(START - 500_000).toISOString())}`];
    const times: number[] = [];
    // A fresh session: the paging test spent the owner's read tokens (50 a second per session).
    const editor = await createUser(station.owner, server, 'editor');
    for (const q of queries) {
      for (let i = 0; i < 20; i += 1) {
        const t = performance.now();
        const res = await editor.get<AsRunPage>(`/api/as-run?${q}`);
        times.push(performance.now() - t);
        expect(res.status).toBe(200);
        expect(res.body.entries.length).toBe(50);
      }
    }
    console.log(`as-run 100k filtered pages: p99 ${p99(times).toFixed(1)} ms`);
    expect(p99(times)).toBeLessThan(100);
  });

  it('exports all 100 000 rows as CSV without holding the event loop: the loop answers every few ms', async () => {
    // The server runs in this process: a 1 ms timer's lateness is the longest the export held the loop.
    let worst = 0;
    let last = performance.now();
    const lateness: number[] = [];
    const timer = setInterval(() => {
      const now = performance.now();
      lateness.push(now - last - 1);
      worst = Math.max(worst, now - last);
      last = now;
    }, 1);
    // curl in another process reads the 10 MB: only the server's work is on this loop.
    const { stdout: text } = await promisify(execFile)('curl', ['-sf', '-H', `Authorization: Bearer ${station.owner.token}`, `${server.url}/api/as-run/export.csv`], { maxBuffer: 64 * 1024 * 1024 });
    clearInterval(timer);
    expect(text.trimEnd().split('\r\n')).toHaveLength(ROWS + 1);
    console.log(`as-run 100k CSV: ${(text.length / 1e6).toFixed(1)} MB, longest loop gap ${worst.toFixed(1)} ms, p99 lateness ${p99(lateness).toFixed(1)} ms`);
    // What the export promises is structural: it goes page by page and lets the loop turn between
    // pages, so the 1 ms timer fires many times during it (an export built in one go lets it fire
    // a handful of times, around one long gap). How long each turn takes depends on the machine
    // and its load (the figures above are printed for reading; the bench measures CG writes).
    expect(lateness.length).toBeGreaterThan(50);
    // Reading and writing all 100 000 rows in one turn holds the loop for well over 250 ms; a page
    // at a time, the longest turn here is a few ms quiet and tens of ms on a loaded CI machine.
    expect(worst).toBeLessThan(250);
  }, 60_000);

  it('the daily prune keeps the station\'s retention: rows older than it go, newer stay', async () => {
    // Seeded times end at START; 7 days after START with a 7-day retention, only rows newer than START - 0 stay.
    const put = await station.owner.put('/api/settings', { asRunRetentionDays: 7 });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    server.clock.advance(START + 7 * 86_400_000 - 200_009 - Date.now());
    const removed = await server.services.asRun.prune();
    // 200 s before the newest row at 10 ms a row: 20 000 rows stay.
    expect(removed).toBe(ROWS - 20_000);
    const page = await station.owner.get<AsRunPage>('/api/as-run?limit=1&type=headline');
    expect(page.body.entries[0]?.text).toBe(`Text ${ROWS - 4}`);
    expect((await station.owner.put('/api/settings', { asRunRetentionDays: 0 })).status).toBe(400);
  });
});
