import type { AddressInfo } from 'node:net';
import type http from 'node:http';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OnAirGate } from './on-air-gate';

// A real HTTP server with the gate in front of its routes.
const gate = new OnAirGate();
let server: http.Server;
let url: string;
beforeAll(async () => {
  const app = express();
  app.use(gate.readsWait);
  app.get('/read', (_req, res) => res.json({ read: true }));
  app.post('/write', (_req, res) => res.json({ wrote: true }));
  server = app.listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((r) => server.close(r)));

describe('OnAirGate', () => {
  it('holds reads while an on-air write runs and lets them through once it is done; writes pass', async () => {
    let finishWrite = () => {};
    const write = gate.run(() => new Promise<void>((resolve) => (finishWrite = resolve)));
    expect(gate.isBusy).toBe(true);
    let readDone = false;
    const read = fetch(`${url}/read`).then(async (r) => {
      readDone = true;
      return r.json();
    });
    expect((await fetch(`${url}/write`, { method: 'POST' })).status).toBe(200);
    await new Promise((r) => setTimeout(r, 100));
    expect(readDone).toBe(false);
    finishWrite();
    await write;
    expect(await read).toEqual({ read: true });
    expect(gate.isBusy).toBe(false);
  });

  it('opens again when a write fails', async () => {
    await expect(gate.run(() => Promise.reject(new Error('disk gone')))).rejects.toThrow('disk gone');
    expect(gate.isBusy).toBe(false);
    expect((await fetch(`${url}/read`)).status).toBe(200);
  });
});
