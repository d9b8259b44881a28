import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { AsRunPage } from '../../../shared/contracts/as-run';
import type { LoginResponse } from '../../../shared/contracts/auth';
import type { News } from '../../../shared/contracts/news';
import { REPO_ROOT } from '../../config';
import { routeKey } from '../../route-table';
import { ApiClient } from '../../test/api-client';
import { closeSeedFeeds } from '../../test/matrix-seeds';
import { pgQuery, startPgCluster, type PgCluster } from '../../test/pg-cluster';
import { startTestServer, type TestServer } from '../../test/test-server';
import { TestSocket } from '../../test/ws-client';
import { moveToPostgres } from './move-to-postgres';
import { seedStations } from './moved-station-seed';
import {
  answer,
  BY_DESIGN,
  callsFor,
  getRoutes,
  REVERSE_HEAP_ORDER,
  SKIPPED,
  StationClock,
  type Answer,
  type ApiCall,
} from './moved-station-support';

/**
 * A moved station answers every API call exactly as before the move (issue 42). Two stations are
 * written through the real API on SQLite (every record kind, revisions, Thaana, as-run, loans,
 * settings, wires, outputs, keys); the station, stopped for the move, is asked every GET route of
 * the route table as its owner, an editor, no one and the dev owner of the second station; then
 * `moveToPostgres` copies the store into a database with a linguistic collation (ICU en-US, as an
 * installer's default locale gives), its rows are stored again in reverse (a lived-in store keeps
 * no order), a server starts on it with the same data folder and clock, and every call is asked
 * again with the same session tokens: status and body must be equal.
 */
const migrationsDir = path.join(REPO_ROOT, 'server', 'db', 'migrations');
let cluster: PgCluster;
let baseDir: string;
let moved: TestServer;
let movedUrl: string;
let calls: ApiCall[];
let tokens: Record<string, string | null>;
let before: Answer[];
let ownerLogin: { username: string; password: string };

async function askAll(baseUrl: string): Promise<Answer[]> {
  const answers: Answer[] = [];
  for (const call of calls) answers.push(await answer(baseUrl, call, tokens[call.caller] ?? null));
  return answers;
}

const maxId = async (url: string, table: string) =>
  (await pgQuery<{ id: number }>(url, `SELECT max(id) AS id FROM ${table}`))[0]?.id ?? 0;

/** An empty database whose text order is ICU's en-US, not the test cluster's C.UTF-8. */
async function linguisticDatabase(name: string): Promise<string> {
  await pgQuery(
    cluster.url,
    `CREATE DATABASE ${name} TEMPLATE template0 LOCALE_PROVIDER icu ICU_LOCALE 'en-US' LOCALE 'C.UTF-8'`,
  );
  return cluster.url.replace(/\/postgres$/, `/${name}`);
}

beforeAll(async () => {
  cluster = await startPgCluster();
  baseDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cgb-moved-'));
  const clock = new StationClock();
  // Same folders and still clock on every server: only the store's engine differs.
  // No built UI (the unit pass runs before the web build): the overlay page answers 503 for its
  // key on both stores and 404 for another — the key's lookup is what the move could change.
  const same = { dataDir: path.join(baseDir, 'data'), baseDir, clock };
  const seeding = await startTestServer(same);
  let seeded: Awaited<ReturnType<typeof seedStations>>;
  try {
    seeded = await seedStations(seeding, clock);
  } finally {
    await seeding.close();
    await closeSeedFeeds();
  }
  // "Before the move" is the station as it stands once stopped for the move: what a server holds
  // only in memory (an emergency's lower third from before it, NEXT) is gone after any restart.
  const stopped = await startTestServer(same);
  try {
    ownerLogin = { username: seeded.owner.user.username, password: seeded.ownerPassword };
    const again = await new ApiClient(stopped.url).post<LoginResponse>('/api/auth/login', ownerLogin);
    tokens = {
      owner: seeded.owner.token,
      ownerAgain: again.body.token,
      editor: seeded.editor.token,
      dev: seeded.dev.token,
      nobody: null,
    };
    calls = callsFor({
      rich: seeded.station,
      second: seeded.second,
      editorId: seeded.editor.user.id,
      now: clock.now(),
      asRunCursor: seeded.asRunCursor,
    });
    // A first pass leaves what reading itself records (an API key's last use), then the record.
    await askAll(stopped.url);
    before = await askAll(stopped.url);
  } finally {
    await stopped.close();
  }
  movedUrl = await linguisticDatabase('moved');
  await moveToPostgres({ dataDir: same.dataDir, migrationsDir, to: movedUrl });
  await pgQuery(movedUrl, REVERSE_HEAP_ORDER);
  moved = await startTestServer({ ...same, databaseUrl: movedUrl });
  // About 20 s on a quiet 2-core machine; the margin is for one shared with the rest of the suite.
}, 120_000);

afterAll(async () => {
  await moved?.close();
  await cluster?.stop();
  if (baseDir) fs.rmSync(baseDir, { recursive: true, force: true });
});

describe('a station moved to PostgreSQL', () => {
  test('every GET route of the route table is asked, or skipped with a reason', () => {
    const asked = new Set(calls.map((c) => c.key));
    const all = getRoutes().map(routeKey);
    expect(all.filter((k) => !asked.has(k) && !(k in SKIPPED))).toEqual([]);
    expect(Object.keys({ ...SKIPPED, ...BY_DESIGN }).filter((k) => !all.includes(k))).toEqual([]);
    // The record holds the station's data, not refusals: the owner reads every route but those
    // only the host station's owner or a dev may.
    const refused = calls
      .map((c, i) => ({ c, status: before[i]?.status ?? 0 }))
      .filter(({ c, status }) => c.caller === 'owner' && status >= 300)
      .map(({ c, status }) => `${status} ${c.key}`);
    expect(refused).toEqual([
      '403 GET /api/backups',
      '403 GET /api/backups/download',
      '503 GET /overlay/:key',
      '403 GET /api/app-versions/all',
    ]);
    expect(before.filter((a) => a.status === 429)).toEqual([]);
  });

  test('every GET route answers exactly as before the move, with the same sessions', async () => {
    const after = await askAll(moved.url);
    const differences: string[] = [];
    calls.forEach((call, i) => {
      const [was, now] = [before[i], after[i]];
      const designed = BY_DESIGN[call.key];
      if (designed && was?.status === 200) {
        expect({ status: now?.status, message: (now?.body as { message?: string }).message }).toEqual(designed);
        return;
      }
      if (JSON.stringify(now) !== JSON.stringify(was))
        differences.push(
          `${call.key} as ${call.caller} (${call.path})\n  before: ${JSON.stringify(was)}\n  after:  ${JSON.stringify(now)}`,
        );
    });
    expect(differences.join('\n')).toBe('');
  }, 30_000);

  test('after the move: log in again, the live channel, a new story and an as-run row whose ids follow the moved ids', async () => {
    const login = await new ApiClient(moved.url).post<LoginResponse>('/api/auth/login', ownerLogin);
    expect(login.status).toBe(200);
    const owner = new ApiClient(moved.url, login.body.token);
    const live = await TestSocket.authed(moved.url, login.body.token, login.body.user.id);
    try {
      const last = await maxId(movedUrl, 'news');
      const made = await owner.post<News>('/api/news', { title: 'ރައީސް — after the move', content: 'ދިވެހި' });
      expect(made.status).toBe(201);
      expect(made.body.id).toBe(last + 1);
      const event = await live.waitFor('news_created');
      expect((event.data as { id: number }).id).toBe(made.body.id);
      const listed = await owner.get<News[]>('/api/news');
      expect(listed.body.map((n) => n.title)).toContain('ރައީސް — after the move');

      const lastRow = await maxId(movedUrl, 'as_run');
      const aired = await owner.post('/api/cg-files/update-direct', {
        type: 'headline',
        content: 'ޖަލްސާ — after the move',
      });
      expect(aired.status).toBe(200);
      await moved.asRunRecorder.flush();
      const log = await owner.get<AsRunPage>('/api/as-run?limit=1');
      expect(log.body.entries[0]).toMatchObject({ id: lastRow + 1, text: 'ޖަލްސާ — after the move', result: 'ok' });
    } finally {
      live.close();
    }
  });
});
