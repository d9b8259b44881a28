import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTROL_SCOPES } from '../shared/constants';
import type { CreatedApiKey } from '../shared/contracts/api-keys';
import { ROUTE_TABLE, routeKey } from './route-table';
import type { RouteEntry } from './route-table-types';
import { loginDevOwner } from './test/factories';
import { createNews } from './test/news-factory';
import { SAMPLES } from './test/route-matrix-support';
import { startTestServer, type TestServer } from './test/test-server';

/**
 * Issue 37 point 11: every path parameter of every route refuses the lenient spellings of an id
 * ("1e0", "0x1", " 1" — Number() reads each as 1). A route added later is walked too: the table
 * is what the server serves (verifyRouteTable refuses to start otherwise).
 */

/** Lenient spellings of 1: each addressed row 1 where a path id went through Number() or z.coerce. */
const BAD = ['1e0', '0x1', '%201'] as const;

/**
 * Parameters that are not decimal ids, and why. Any other parameter is an id and must answer 400
 * naming itself ("userId: …"); a new non-id parameter has to be added here with its reason.
 */
const NOT_IDS: Record<string, 'refused' | 'unknown'> = {
  type: 'refused', // a CG type name: 400 "type: Type must be one of …"
  groupId: 'refused', // a signed Telegram chat id: 400 "Group ID must be a number …"
  fileId: 'unknown', // 32 hex digits naming an upload: anything else is a file that is not there (404)
  key: 'unknown', // a credential in the path: a malformed key is as unknown as a wrong one (404)
  name: 'unknown', // the installer's file name under the feed (404 unless it is exactly that name)
};

let server: TestServer;
let dev: Awaited<ReturnType<typeof loginDevOwner>>;
let controlKey: string;
/** A real story: the other id of /api/news/:id/revisions/:revisionId/restore must reach the revision id. */
let newsId: string;

beforeAll(async () => {
  server = await startTestServer();
  dev = await loginDevOwner(server);
  newsId = String((await createNews(dev)).id);
  const key = await dev.post<CreatedApiKey>('/api/company/api-keys', {
    name: 'Route walk',
    permissions: [...CONTROL_SCOPES],
  });
  controlKey = key.body.key;
});
afterAll(() => server.close());

const paramsOf = (entry: RouteEntry) => [...entry.path.matchAll(/:(\w+)/g)].map((m) => m[1] ?? '');

/** The path with `bad` in `param` and a value that passes in every other one. */
function pathWith(entry: RouteEntry, param: string, bad: string): string {
  return entry.path.replace(/:(\w+)/g, (_m, name: string) => {
    if (name === param) return bad;
    if (name === 'key') return '0'.repeat(48);
    if (name === 'fileId') return '0'.repeat(32);
    if (name === 'name') return 'Setup.exe';
    if (name === 'companyId') return String(dev.user.companyId);
    return newsId;
  });
}

/** What a refused spelling must get: 404 where the path is a credential (feed, overlay) or names a file; 400 otherwise. */
function expected(entry: RouteEntry, param: string): 400 | 404 {
  if (entry.rule.kind === 'feedKey' || NOT_IDS[param] === 'unknown') return 404;
  return 400;
}

const cases = ROUTE_TABLE.flatMap((entry) =>
  paramsOf(entry).flatMap((param) => BAD.map((bad) => ({ entry, param, bad }))),
);

describe('ids in paths are decimal digits only, on every route', () => {
  it('walks at least the routes of issue 37 point 11', () => {
    expect(cases.map((c) => `${routeKey(c.entry)} ${c.param}`)).toContain(
      'GET /api/notification-preferences/:userId userId',
    );
  });

  it.each(cases.map((c) => [routeKey(c.entry), c.param, c.bad, c] as const))(
    '%s  :%s = %s',
    async (_key, param, bad, { entry }) => {
      const sample = SAMPLES[routeKey(entry)];
      const body = sample ? sample(newsId) : entry.method === 'GET' || entry.method === 'DELETE' ? undefined : {};
      // The dev owner passes every session rule; control routes want their API key instead.
      const headers: Record<string, string> = entry.rule.kind === 'apiKeyScope' ? { 'x-api-key': controlKey } : {};
      const res = await dev.request<{ message?: string }>(entry.method, pathWith(entry, param, bad), body, headers);
      const want = expected(entry, param);
      expect(res.status, JSON.stringify(res.body)).toBe(want);
      if (want === 400 && !(param in NOT_IDS)) expect(res.body.message).toMatch(new RegExp(`^${param}: `));
    },
  );
});
