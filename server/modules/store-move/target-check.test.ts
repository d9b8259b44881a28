import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkTarget, TargetRefused } from './target-check';

/**
 * A host that takes the connection and never answers (a firewall that swallows, a hung server):
 * the owner at the button hears within the limit, not when TCP gives up minutes later.
 */
let silent: net.Server;
let port: number;
const held: net.Socket[] = [];

beforeAll(async () => {
  silent = net.createServer((socket) => held.push(socket));
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  port = (silent.address() as net.AddressInfo).port;
});
afterAll(async () => {
  for (const socket of held) socket.destroy();
  await new Promise((resolve) => silent.close(resolve));
});

describe('the target check (issue 42)', () => {
  it('gives up on a database that never answers within its limit, naming the limit and not the password', async () => {
    const started = Date.now();
    const refused = await checkTarget(`postgres://cgbridge:s3cret-pw@127.0.0.1:${port}/cgbridge`, 300).catch(
      (err: unknown) => err,
    );
    expect(refused).toBeInstanceOf(TargetRefused);
    expect((refused as Error).message).toBe(
      `Cannot connect to postgres://cgbridge:***@127.0.0.1:${port}/cgbridge: no answer within 0.3 s`,
    );
    expect(Date.now() - started).toBeLessThan(3_000);
  });
});
