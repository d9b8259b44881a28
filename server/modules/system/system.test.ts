import os from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SystemAddresses } from '../../../shared/contracts/system';
import { lanAddresses } from '../../lib/lan-addresses';
import { ApiClient } from '../../test/api-client';
import { createUser, loginDevOwner } from '../../test/factories';
import { startTestServer, type TestServer } from '../../test/test-server';

// Listening on every interface, as `npm start` does (HOST=0.0.0.0), so the LAN addresses are real.
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ host: '0.0.0.0' });
});
afterAll(() => server.close());

describe('GET /api/system/addresses (issue 22 point 21)', () => {
  it('answers every signed-in user this machine’s LAN addresses and the listening port', async () => {
    const dev = await loginDevOwner(server);
    const cameraman = await createUser(dev, server, 'cameraman');
    const port = Number(new URL(server.url).port);
    const res = await cameraman.get<SystemAddresses>('/api/system/addresses');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ addresses: lanAddresses(os.networkInterfaces(), port, '0.0.0.0'), port });
    for (const address of res.body.addresses)
      expect(address).toMatch(new RegExp(`^http://\\d+\\.\\d+\\.\\d+\\.\\d+:${port}$`));
    expect(res.body.addresses.some((a) => a.includes('127.0.0.1'))).toBe(false);
    // Each address really reaches this server (the graphics PC's view).
    for (const address of res.body.addresses) expect((await fetch(`${address}/api/health`)).status).toBe(200);
  });

  it('lists nothing when the server listens on loopback only (the dialog then warns)', async () => {
    const local = await startTestServer({ host: '127.0.0.1' });
    try {
      const dev = await loginDevOwner(local);
      expect((await dev.get<SystemAddresses>('/api/system/addresses')).body).toEqual({
        addresses: [],
        port: Number(new URL(local.url).port),
      });
    } finally {
      await local.close();
    }
  });

  it('is for signed-in users only', async () => {
    expect((await new ApiClient(server.url).get('/api/system/addresses')).status).toBe(401);
  });
});
