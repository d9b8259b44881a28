import { createHash } from 'node:crypto';
import type { Clock } from '../../lib/clock';
import { ROUTE_TABLE, routeKey } from '../../route-table';
import type { RouteEntry } from '../../route-table-types';
import { PG_EXPORT_MESSAGE } from '../../modules/station-export/station-export.service';
import type { SeededStation } from './moved-station-seed';

/**
 * What the moved-station test (issue 42) asks and compares: every GET route of the route table,
 * with its path ids filled from a seeded station, answered by the server before and after the move.
 */

/** The test's clock: still unless moved, so both servers answer at the same "now". */
export class StationClock implements Clock {
  private at = Date.now();
  now(): Date {
    return new Date(this.at);
  }
  advance(ms: number): void {
    this.at += ms;
  }
}

/**
 * GET routes that cannot answer the same after the move by nature, each with why. Everything else
 * in the route table is compared.
 */
export const SKIPPED: Record<string, string> = {
  'GET /api/system/store': 'names the engine and database the store is on: the move changes exactly that',
};

/**
 * GET routes whose answer on PostgreSQL differs from SQLite's by design (docs/postgresql.md): the
 * answer after the move must be exactly this one.
 */
export const BY_DESIGN: Record<string, { status: number; message: string }> = {
  'GET /api/station-export': { status: 400, message: PG_EXPORT_MESSAGE },
};

/**
 * Volatile fields named per route, with why; the rest of the answer is compared as it is.
 * `bootId`: a new id per server start (clients reload after a restore when it changes).
 * `port`: each test server listens on a port of its own (reusing one could meet another test's); the
 * same in the addresses of the store's servers.
 */
const NORMALIZED: Record<string, (body: unknown) => unknown> = {
  'GET /api/health': (b) => ({ ...(b as object), bootId: '<per start>' }),
  'GET /api/system/addresses': (b) => ({ ...(b as object), port: '<per server>' }),
  // The servers' addresses carry the port too (issue 43).
  'GET /api/ha/servers': (b) => {
    const { servers } = b as { servers?: string[] };
    return servers ? { servers: servers.map(() => '<per server>') } : b;
  },
};

/**
 * Stores every table's rows again, last stored first, without changing a value (foreign keys
 * held off for the session meanwhile), so the tables' physical order runs against the ids. A
 * PostgreSQL store that has lived (updates, vacuum) keeps its rows in no particular order; a
 * query whose answer follows the storage order instead of an ORDER BY shows here.
 */
export const REVERSE_HEAP_ORDER = `
SET session_replication_role = replica;
DO $$
DECLARE t text;
BEGIN
  FOR t IN SELECT tablename FROM pg_tables WHERE schemaname = 'public' LOOP
    EXECUTE format('CREATE TEMP TABLE reversed AS SELECT * FROM %I ORDER BY ctid DESC', t);
    EXECUTE format('DELETE FROM %I', t);
    EXECUTE format('INSERT INTO %I SELECT * FROM reversed', t);
    DROP TABLE reversed;
  END LOOP;
END $$`;

/** One call of the comparison: who asks (a name of the caller map), what, and with which header. */
export interface ApiCall {
  key: string;
  caller: string;
  path: string;
  headers?: Record<string, string>;
}

export interface Answer {
  status: number;
  contentType: string;
  /** Parsed JSON; a text answer as text; anything else as the SHA-256 of its bytes. */
  body: unknown;
}

export const getRoutes = (): RouteEntry[] => ROUTE_TABLE.filter((r) => r.method === 'GET');

/** The path of a GET route with every `:param` filled from `station`. */
export function pathFor(entry: RouteEntry, station: SeededStation): string {
  const scope = entry.scope;
  const recordParam = scope.kind === 'record' ? scope.param : null;
  const key = routeKey(entry);
  return entry.path.replace(/:(\w+)/g, (_m, name: string) => {
    if (key === 'GET /api/wires/sources/:id') return station.wireStoryId;
    if (name === recordParam && scope.kind === 'record') return station.ids[scope.record];
    if (name === 'companyId') return String(station.companyId);
    if (name === 'key') return entry.path.startsWith('/overlay/') ? station.overlayKey : station.feedKey;
    if (name === 'fileId') return station.ids.appFile;
    if (name === 'name') return station.appFileName;
    if (name === 'groupId') return '-1001234567890';
    throw new Error(`moved-station test: no value for :${name} in ${key}; add one`);
  });
}

/** An API key in the header for the routes a session cannot call (Stream Deck control). */
function headersFor(entry: RouteEntry, station: SeededStation): Record<string, string> | undefined {
  return entry.rule.kind === 'apiKeyScope' ? { 'x-api-key': station.controlKey } : undefined;
}

export interface Stations {
  rich: SeededStation;
  second: SeededStation;
  editorId: number;
  /** The still clock's time. */
  now: Date;
  /** An as-run page cursor at a moment several rows share. */
  asRunCursor: string;
}

/** Lists read with their queries: pages, filters, searches, an as-run page after a cursor. */
function queriedCalls(s: Stations): ApiCall[] {
  const hour = 3_600_000;
  const from = new Date(s.now.getTime() - hour).toISOString();
  const to = new Date(s.now.getTime() + hour).toISOString();
  const asRun = [
    'limit=3',
    `limit=3&before=${encodeURIComponent(s.asRunCursor)}`,
    'type=headline',
    'source=web&output=files',
    `userId=${s.editorId}`,
    `from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`,
  ];
  const paths = [
    ...['page=1&limit=4', 'page=2&limit=4', 'page=1&limit=4&status=draft'].map((q) => `/api/news?${q}`),
    ...['approved', 'published', 'on_air'].map((status) => `/api/news?status=${status}`),
    ...asRun.map((q) => `/api/as-run?${q}`),
    '/api/as-run/export.csv?type=headline',
    '/api/activity-logs?page=2&limit=10',
    ...['cabinet', 'CABINET', 'ވާރޭ', 'café', 'élysée', 'CAFÉ', '50%'].map(
      (q) => `/api/wires?search=${encodeURIComponent(q)}`,
    ),
    `/api/wires?feedId=${s.rich.wireItemFeedId}`,
  ];
  return [
    ...paths.map((p) => ({ key: `GET ${p.split('?')[0]}`, caller: 'ownerAgain', path: p })),
    { key: 'GET /api/companies', caller: 'dev', path: '/api/companies?scope=all' },
    { key: 'GET /api/activity-logs', caller: 'dev', path: '/api/activity-logs?page=1&limit=5' },
    // The API key is the credential: no session.
    { key: 'GET /api/cg-files/sync', caller: 'nobody', path: `/api/cg-files/sync?apiKey=${s.rich.syncKey}` },
  ];
}

/**
 * Every GET route as the owner, an editor and no one (the moved station's ids), and as the dev
 * owner of the second station; the owner also names the second station's records (404s); then the
 * queried lists. `ownerAgain` is a second session of the owner: each session has its own read rate.
 */
export function callsFor(s: Stations): ApiCall[] {
  const list: ApiCall[] = [];
  for (const entry of getRoutes()) {
    const key = routeKey(entry);
    if (key in SKIPPED) continue;
    const own = { key, path: pathFor(entry, s.rich), headers: headersFor(entry, s.rich) };
    list.push({ ...own, caller: 'owner' }, { ...own, caller: 'editor' }, { ...own, caller: 'nobody' });
    list.push({ key, caller: 'dev', path: pathFor(entry, s.second), headers: headersFor(entry, s.second) });
    if (entry.scope.kind === 'record') list.push({ key, caller: 'ownerAgain', path: pathFor(entry, s.second) });
  }
  return [...list, ...queriedCalls(s)];
}

/** Calls `call` on `baseUrl` as `token` and keeps what the comparison needs of the answer. */
export async function answer(baseUrl: string, call: ApiCall, token: string | null): Promise<Answer> {
  const headers: Record<string, string> = { ...call.headers };
  if (token) headers.authorization = `Bearer ${token}`;
  const res = await fetch(baseUrl + call.path, { headers });
  const contentType = res.headers.get('content-type') ?? '';
  const bytes = Buffer.from(await res.arrayBuffer());
  let body: unknown;
  if (contentType.includes('json')) body = JSON.parse(bytes.toString('utf8')) as unknown;
  else if (contentType.startsWith('text/')) body = bytes.toString('utf8');
  else body = `sha256:${createHash('sha256').update(bytes).digest('hex')} (${bytes.length} bytes)`;
  const normalize = NORMALIZED[call.key];
  return { status: res.status, contentType, body: normalize ? normalize(body) : body };
}
