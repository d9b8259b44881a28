import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES } from '../shared/roles';
import { createApp } from './app';
import { IdempotencyStore } from './lib/idempotency-memory';
import { mountedRoutes } from './route-walk';
import { ROUTE_TABLE, routeKey, verifyRouteTable } from './route-table';
import { route, signedIn, bySession, type RouteEntry } from './route-table-types';
import { ApiClient } from './test/api-client';
import { createCompany, createUser, loginDevOwner } from './test/factories';
import { closeSeedFeeds, seederFor } from './test/matrix-seeds';
import {
  changesRecord,
  expectedFor,
  matches,
  requestFor,
  SAMPLES,
  type CompanyIds,
  type Expected,
  type MatrixActor,
} from './test/route-matrix-support';
import { onPostgres, startTestServer, type TestServer } from './test/test-server';
import { versionBody } from './modules/app-versions/app-version-test-helpers';
import { PG_EXPORT_MESSAGE } from './modules/station-export/station-export.service';

/**
 * Every route of server/route-table.ts × every role (and roletype dev) × own company / another
 * company's ids × no session, against one real server: the answer the table and shared/roles.ts
 * predict (401 / 403 / 404 / allowed).
 */
let server: TestServer;
let actors: MatrixActor[];
let own: CompanyIds;
let other: CompanyIds;
let ownOwner: ApiClient;
let otherOwner: ApiClient;

/** One record of each kind per company, made once; changing routes get their own (seederFor). */
function sharedIds(seed: ReturnType<typeof seederFor>): CompanyIds['record'] {
  const made = new Map<string, Promise<string>>();
  return (kind) => {
    // A CG file is one per type: a DELETE in the matrix removes it, so it is asked for each time.
    if (kind === 'cgFile') return seed(kind);
    const id = made.get(kind) ?? seed(kind);
    made.set(kind, id);
    return id;
  };
}

beforeAll(async () => {
  server = await startTestServer();
  const dev = await loginDevOwner(server);
  const station = await createCompany(dev, server);
  ownOwner = dev;
  otherOwner = station.owner;
  own = { companyId: dev.user.companyId, record: sharedIds(seederFor(dev)) };
  other = { companyId: station.companyId, record: sharedIds(seederFor(station.owner)) };
  const roleUsers = await Promise.all(ROLES.map((role) => createUser(dev, server, role)));
  actors = [
    ...roleUsers.map((client, i) => ({
      label: `${ROLES[i]} (roletype user)`,
      role: ROLES[i] ?? 'owner',
      roletype: 'user' as const,
      client,
    })),
    { label: 'owner (roletype dev)', role: 'owner', roletype: 'dev', client: dev },
  ];
}, 60_000);
afterAll(async () => {
  await server?.close();
  await closeSeedFeeds();
});

/**
 * What only the SQLite store has: the server's own backups (on PostgreSQL POST /api/backups
 * refuses, so there is none to download) and the station export (it reads the SQLite file). On
 * PostgreSQL an allowed caller gets past the role checks to exactly this answer and no other; a
 * caller the table refuses is still checked for its 401/403.
 */
const POSTGRES_ANSWERS: Record<string, { status: number; message: string }> = {
  'GET /api/backups/download': { status: 404, message: 'Backup not found' },
  'GET /api/station-export': { status: 400, message: PG_EXPORT_MESSAGE },
};

/** Whether an allowed call got the PostgreSQL store's own answer for a route only SQLite serves. */
function postgresAnswer(entry: RouteEntry, got: { status: number; body: unknown }): boolean {
  const answer = onPostgres() ? POSTGRES_ANSWERS[routeKey(entry)] : undefined;
  return (
    answer !== undefined &&
    got.status === answer.status &&
    (got.body as { message?: unknown } | null)?.message === answer.message
  );
}

/** Logout ends the caller's session: it goes last, so every other cell still has one. */
const ordered = [...ROUTE_TABLE].sort(
  (a, b) => Number(a.path === '/api/auth/logout') - Number(b.path === '/api/auth/logout'),
);

/** An app version for the companyParam routes: an allowed DELETE must have one to remove. */
async function ensureAppVersion(owner: ApiClient): Promise<void> {
  const res = await owner.post('/api/app-version', versionBody());
  if (res.status !== 201 && res.status !== 409)
    throw new Error(`app version seed: ${res.status} ${JSON.stringify(res.body)}`);
}

async function cell(entry: RouteEntry, client: ApiClient, ids: CompanyIds, fresh: boolean) {
  const scope = entry.scope;
  let recordId: string | null = null;
  if (scope.kind === 'record')
    recordId =
      fresh && changesRecord(entry)
        ? await seederFor(ids === own ? ownOwner : otherOwner)(scope.record)
        : await ids.record(scope.record);
  if (scope.kind === 'companyParam' && fresh) await ensureAppVersion(ids === own ? ownOwner : otherOwner);
  const { path, body } = requestFor(entry, ids.companyId, recordId);
  const res = await client.request(entry.method, path, body);
  return { path, status: res.status, body: res.body };
}

describe('route matrix', () => {
  it('the server serves exactly the table: a route without a row fails to start', () => {
    expect(() =>
      verifyRouteTable(
        mountedRoutes(
          createApp(
            server.services.equipment.ctx,
            server.services,
            'test',
            { onlineUsers: () => 0, onlineMcr: () => 0 },
            new IdempotencyStore(server.services.equipment.ctx.clock),
          ),
        ),
      ),
    ).not.toThrow();
    const mounted = ROUTE_TABLE.map((r) => ({ method: r.method, path: r.path }));
    expect(() => verifyRouteTable([...mounted, { method: 'GET', path: '/api/unlisted' }])).toThrow(
      'route GET /api/unlisted is served but has no entry',
    );
    const extra = route('GET', '/api/not-served', signedIn, bySession);
    expect(() => verifyRouteTable(mounted, [...ROUTE_TABLE, extra])).toThrow(
      'route table entry GET /api/not-served has no route',
    );
  });

  it('every route whose record is in the body or checked after the body has a valid sample body', () => {
    const needing = ROUTE_TABLE.filter(
      (r) => r.body !== null && r.body !== 'multipart' && (r.scope.kind === 'record' || r.method !== 'POST'),
    );
    const missing = needing.filter((r) => r.scope.kind === 'record' && !(routeKey(r) in SAMPLES)).map(routeKey);
    expect(missing).toEqual([]);
  });

  it('every route × role × own / other company × no session answers as the table predicts', async () => {
    const wrong: string[] = [];
    let requests = 0;
    const check = (
      entry: RouteEntry,
      who: string,
      expected: Expected,
      got: { path: string; status: number; body: unknown },
    ) => {
      requests += 1;
      if (expected === 'allowed' && postgresAnswer(entry, got)) return;
      // An allowed read must succeed outright: there is no body to be wrong.
      const readFailed = expected === 'allowed' && entry.method === 'GET' && got.status >= 400;
      if (!matches(expected, got.status) || readFailed)
        wrong.push(
          `${entry.method} ${got.path} as ${who}: expected ${expected}, got ${got.status} ${JSON.stringify(got.body).slice(0, 160)}`,
        );
    };
    for (const entry of ordered) {
      check(
        entry,
        'no session',
        expectedFor(entry, null, false),
        await cell(entry, new ApiClient(server.url), own, false),
      );
      for (const actor of actors) {
        const ownExpected = expectedFor(entry, actor, false);
        check(entry, actor.label, ownExpected, await cell(entry, actor.client, own, ownExpected === 'allowed'));
        if (entry.scope.kind !== 'record' && entry.scope.kind !== 'companyParam') continue;
        const otherExpected = expectedFor(entry, actor, true);
        check(
          entry,
          `${actor.label}, other company's id`,
          otherExpected,
          await cell(entry, actor.client, other, otherExpected === 'allowed'),
        );
      }
    }
    console.log(
      `route matrix: ${ROUTE_TABLE.length} routes, ${actors.length} callers + no session, ${requests} requests`,
    );
    expect(wrong).toEqual([]);
  }, 240_000);
});
