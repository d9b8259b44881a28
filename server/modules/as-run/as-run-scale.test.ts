import path from 'node:path';
import http from 'node:http';
import Database from 'better-sqlite3';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AsRunFilter, AsRunPage } from '../../../shared/contracts/as-run';
import * as sqliteSchema from '../../db/schema';
import type { Q } from '../../db/store';
import { createStation, createUser } from '../../test/factories';
import { startTestServer, type TestServer } from '../../test/test-server';
import { pageQuery } from './as-run.repo';

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
  const insert =
    db.prepare(`INSERT INTO as_run (company_id, at, seq, user_id, source, action, type, text, output, result, message)
    VALUES (?, ?, ?, ?, 'web', 'cg_file_updated', ?, ?, ?, 'ok', NULL)`);
  db.transaction(() => {
    for (let i = 0; i < ROWS; i += 1) {
      insert.run(
        station.companyId,
        new Date(START - (ROWS - i) * 10).toISOString(),
        i + 1,
        station.owner.user.id,
        TYPES[i % TYPES.length],
        `Text ${i}`,
        i % 2 ? 'overlay' : 'files',
      );
    }
  })();
  db.close();
}, 60_000);
afterAll(async () => {
  await server.close();
});

const p99 = (ms: number[]) => [...ms].sort((a, b) => a - b)[Math.ceil(ms.length * 0.99) - 1] ?? 0;

/**
 * How SQLite runs a page of each shape of filter (with and without a cursor), as the log's
 * repository builds it for the routes: whether a page is found through an index in the log's
 * order, or by scanning and sorting the station's rows — the difference between page 2 000 costing
 * what page 1 does and costing all of them. Times depend on the machine (the bench measures
 * them); the plan does not.
 */
function plansOfPages(filters: AsRunFilter[]): Array<{ sql: string; plan: string[] }> {
  const db = new Database(path.join(server.dataDir, 'cg-bridge.sqlite'), { readonly: true });
  try {
    const q = drizzle(db, { schema: sqliteSchema }) as unknown as Q;
    const cursor = { at: new Date(START - 500_000).toISOString(), id: ROWS / 2 };
    return filters.flatMap((filter) =>
      [undefined, cursor].map((before) => {
        const { sql, params } = pageQuery(q, station.companyId, filter, before, 50).toSQL();
        return {
          sql: sql.replace(/\s+/g, ' '),
          plan: (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...params) as Array<{ detail: string }>).map(
            (r) => r.detail,
          ),
        };
      }),
    );
  } finally {
    db.close();
  }
}

/** Each page walks an index of the log in (at, id) order and stops at its limit: no scan of the table, no sort. */
function expectIndexedWalks(plans: Array<{ sql: string; plan: string[] }>): void {
  for (const { sql, plan } of plans) {
    expect(
      plan.some((step) => /^SEARCH as_run USING (COVERING )?INDEX as_run_company_\w+ \(company_id=\?/.test(step)),
      `${sql}\n${plan.join('\n')}`,
    ).toBe(true);
    expect(
      plan.filter((step) => /TEMP B-TREE|^SCAN as_run\b/.test(step)),
      sql,
    ).toEqual([]);
  }
}

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

  it('pages through every row to the end, newest first; a page deep in the log is found as the first is (an index walk, no sort)', async () => {
    const cursors: string[] = [];
    let cursor: string | null = null;
    let seen = 0;
    let lastSeq = Infinity;
    do {
      const res: { status: number; body: AsRunPage } = await paced(() =>
        station.owner.get<AsRunPage>(`/api/as-run?limit=500${cursor ? `&before=${encodeURIComponent(cursor)}` : ''}`),
      );
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
    console.log(
      `as-run 100k: ${times.length} pages of 50 at every depth, p99 ${p99(times).toFixed(1)} ms, first ${times[0]?.toFixed(1)} ms, last ${times.at(-1)?.toFixed(1)} ms`,
    );
    // The first page and the pages after a cursor: both shapes walk the index and stop at the limit.
    const plans = plansOfPages([{}]);
    expect(plans.map((p) => p.sql.includes(') < ('))).toEqual([false, true]);
    expectIndexedWalks(plans);
  }, 120_000);

  it('a filtered page walks an index too (type, output, user, a day window)', async () => {
    const day = encodeURIComponent(new Date(START - 86_400_000).toISOString());
    const to = new Date(START - 500_000).toISOString();
    const filters: AsRunFilter[] = [
      { type: 'titlebar' },
      { output: 'overlay' },
      { userId: station.owner.user.id },
      { from: new Date(START - 86_400_000).toISOString() },
      { type: 'infoline', to },
    ];
    const queries = [
      'type=titlebar',
      'output=overlay',
      `userId=${station.owner.user.id}`,
      `from=${day}`,
      `type=infoline&to=${encodeURIComponent(to)}`,
    ];
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
    // Every filter the log offers, alone and with a day window, is an index walk too (a later page's as well).
    const plans = plansOfPages(filters);
    expect(plans).toHaveLength(2 * queries.length);
    expectIndexedWalks(plans);
  });

  it('exports all 100 000 rows a page at a time, handing the loop back between pages: an on-air write holds it mid-file', async () => {
    // A client that reads as it arrives; `lines` is what reached it so far.
    let text = '';
    let count = 0;
    const lines = () => count;
    let firstBytes = () => {};
    const arrived = new Promise<void>((resolve) => (firstBytes = resolve));
    const done = new Promise<void>((resolve, reject) => {
      const req = http.get(
        `${server.url}/api/as-run/export.csv`,
        { headers: { authorization: `Bearer ${station.owner.token}` } },
        (res) => {
          expect(res.statusCode).toBe(200);
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => {
            text += chunk;
            count += chunk.split('\r\n').length - 1;
            if (lines() > 1) firstBytes();
          });
          res.once('end', () => resolve());
          res.once('error', reject);
        },
      );
      req.once('error', reject);
    });
    // Between pages the export waits while an on-air write runs (air first). Reads wait at the
    // door during a write, so the write starts once the export is under way; from then on at most
    // the page in progress and one in the socket arrive. Built in one go, the rest would too.
    await arrived;
    const atHold = lines();
    let endWrite = () => {};
    const write = server.onAir.run(() => new Promise<void>((resolve) => (endWrite = resolve)));
    await new Promise((r) => setTimeout(r, 300));
    const whileHeld = lines() - atHold;
    endWrite();
    await write;
    await done;
    console.log(
      `as-run 100k CSV: ${(text.length / 1e6).toFixed(1)} MB; ${whileHeld} rows arrived in 300 ms while an on-air write held the export`,
    );
    expect(whileHeld).toBeLessThanOrEqual(2 * 500);
    expect(text.trimEnd().split('\r\n')).toHaveLength(ROWS + 1);
  }, 60_000);

  it("the daily prune keeps the station's retention: rows older than it go, newer stay", async () => {
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
