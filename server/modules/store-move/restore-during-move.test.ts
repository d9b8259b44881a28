import { afterAll, beforeAll, expect, test } from 'vitest';
import { loginDevOwner } from '../../test/factories';
import { startTestServer, type TestServer } from '../../test/test-server';

/**
 * A move to PostgreSQL and a restore from a backup both close the server and start it again:
 * while a move is under way (accepted, the server about to close), a restore is refused 409
 * before anything is looked at — and the other way round (store-move.test.ts).
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

test('a restore asked for while the store moves is refused 409, naming the move', async () => {
  const owner = await loginDevOwner(server);
  const body = { name: 'cg-bridge-2026-11-29.sqlite', stationName: 'Anything' };
  // The host station's owner, no move: the restore is looked at (no such backup here).
  expect((await owner.post('/api/backups/restore', body)).status).toBe(404);
  server.services.storeMove.moving = true;
  try {
    const res = await owner.post<{ message: string }>('/api/backups/restore', body);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('A move to PostgreSQL is under way: restore when it is done');
  } finally {
    server.services.storeMove.moving = false;
  }
});
