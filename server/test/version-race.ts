import { expect } from 'vitest';
import type { VersionConflict } from '../../shared/contracts/common';
import type { ApiClient, ApiResponse } from './api-client';

type Method = 'put' | 'patch';
type Versioned = { version: number };

/**
 * The two checks of issue 26 for one record, through the real API:
 * - two sessions save from one version → one 200, one 409 carrying the record as the winner left it;
 * - `parallel` saves from one version → 1 × 200, the rest 409, and the stored record is exactly
 *   the winner's body (nothing lost, nothing mixed).
 * `body(i)` is save i's change (without version); `pick` reads from a record what `want(i)` says
 * save i leaves there.
 */
export async function expectNoLostUpdate<T extends Versioned>(opts: {
  a: ApiClient;
  b: ApiClient;
  method?: Method;
  path: string;
  load: () => Promise<T>;
  body: (i: number) => Record<string, unknown>;
  pick: (record: T) => unknown;
  want: (i: number) => unknown;
  parallel?: number;
}): Promise<void> {
  const { a, b, path, load, body, pick, want } = opts;
  const method = opts.method ?? 'put';
  const start = await load();
  const first = await a[method]<T>(path, { ...body(0), version: start.version });
  expect(first.status, JSON.stringify(first.body)).toBe(200);
  expect(first.body.version).toBe(start.version + 1);
  const second = await b[method]<VersionConflict<T>>(path, { ...body(1), version: start.version });
  expect(second.status).toBe(409);
  expect(second.body.message).toMatch(/ changed this /);
  expect(second.body.current.version).toBe(start.version + 1);
  expect(pick(second.body.current)).toEqual(want(0));
  expect(second.body.changedBy?.id).toBe((a as ApiClient & { user?: { id: number } }).user?.id);
  expect(pick(await load())).toEqual(want(0));

  const from = await load();
  const n = opts.parallel ?? 100;
  const results: Array<ApiResponse<T>> = await Promise.all(
    Array.from({ length: n }, (_, i) => (i % 2 ? a : b)[method]<T>(path, { ...body(i + 2), version: from.version })),
  );
  const won = results.flatMap((r, i) => (r.status === 200 ? [i] : []));
  expect(won).toHaveLength(1);
  expect(results.filter((r) => r.status === 409)).toHaveLength(n - 1);
  const end = await load();
  expect(end.version).toBe(from.version + 1);
  expect(pick(end)).toEqual(want(won[0]! + 2));
}
