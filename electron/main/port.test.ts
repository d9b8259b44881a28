import net from 'node:net';
import { afterEach, expect, test } from 'vitest';
import { isPortFree, nextFreePort } from './port';

const held: net.Server[] = [];
afterEach(async () => {
  await Promise.all(held.splice(0).map((s) => new Promise((r) => s.close(r))));
});

function occupy(port = 0): Promise<number> {
  const srv = net.createServer();
  held.push(srv);
  return new Promise((resolve, reject) => {
    srv.once('error', reject);
    srv.listen(port, '0.0.0.0', () => resolve((srv.address() as net.AddressInfo).port));
  });
}

test('a port another program listens on is not free; the next free one is offered', async () => {
  const taken = await occupy();
  expect(await isPortFree(taken)).toBe(false);
  const next = await nextFreePort(taken);
  expect(next).not.toBeNull();
  expect(next).toBeGreaterThan(taken);
  expect(await isPortFree(next ?? 0)).toBe(true);
});

test('skips a run of taken ports', async () => {
  const first = await occupy();
  const second = await occupy(first + 1).catch(() => null); // may already be taken by someone else: either way not offered
  const next = await nextFreePort(first);
  expect(next).not.toBe(first);
  if (second !== null) expect(next).not.toBe(second);
  expect(await isPortFree(next ?? 0)).toBe(true);
});
