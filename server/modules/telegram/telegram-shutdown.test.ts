import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEquipment } from '../../test/equipment-factory';
import { startFakeTelegram, type FakeTelegram } from '../../test/fake-telegram';
import { createBotStation } from '../../test/telegram-station';
import { startTestServer, type TestServer } from '../../test/test-server';

/**
 * The bot's messages are sent after the request that caused them has answered. A server that
 * closes meanwhile (shutdown, a restore or a store move in place) leaves them reading a closed
 * store: that must be a logged failure, never an unhandled rejection — which stops a Node process,
 * and with it the station's air.
 */
let fake: FakeTelegram;
let server: TestServer;
const unhandled: unknown[] = [];
const onUnhandled = (reason: unknown) => unhandled.push(reason);

beforeAll(async () => {
  fake = await startFakeTelegram();
  server = await startTestServer({ telegram: { apiRoot: fake.url, pollTimeoutSeconds: 1 } });
  fake.useClock(() => server.clock.now().getTime());
  process.on('unhandledRejection', onUnhandled);
});
afterAll(async () => {
  process.off('unhandledRejection', onUnhandled);
  await fake.close();
});

describe('notifications in flight when the server closes', () => {
  it('fail quietly into the log: no unhandled rejection', async () => {
    const s = await createBotStation(server, fake);
    const items = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        createEquipment(s.owner, { name: `Lens ${i}`, code: `SD-${s.companyId}-${i}`, quantity: 3 }),
      ),
    );
    // Twenty requests, each announced to the group and to every linked admin and owner.
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        s.cameraman.post('/api/equipment-requests', {
          equipmentId: items[i % items.length]!.id,
          purpose: `Shoot ${i}`,
        }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(201));
    await server.close();
    // Let every notification still running reach its next store read and settle.
    await new Promise((r) => setTimeout(r, 500));
    expect(unhandled).toEqual([]);
  });
});
