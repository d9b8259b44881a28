import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AsRunPage } from '../../../shared/contracts/as-run';
import { createStation } from '../../test/factories';
import { startTestServer, type TestServer } from '../../test/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

/** Issue 39 point 14: the CSV reads the station's clock, says which zone, and keeps the offset. */
describe('as-run CSV times in the station’s zone', () => {
  it('names the zone in the header and writes ISO times with the station’s offset', async () => {
    const { owner } = await createStation(server);
    expect((await owner.put('/api/settings', { timeZone: 'Indian/Maldives' })).status).toBe(200);
    expect((await owner.post('/api/cg-files/update-direct', { type: 'headline', content: 'Malé time' })).status).toBe(
      200,
    );
    await server.asRunRecorder.flush();
    const [entry] = (await owner.get<AsRunPage>('/api/as-run')).body.entries;
    const res = await fetch(`${server.url}/api/as-run/export.csv`, {
      headers: { authorization: `Bearer ${owner.token}` },
    });
    const [header, first] = Papa.parse<string[]>((await res.text()).replace(/^\uFEFF/, '').trimEnd(), {
      newline: '\r\n',
    }).data;
    expect(header?.[0]).toBe('time (Indian/Maldives)');
    const time = first?.[0] ?? '';
    expect(time).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}\+05:00$/);
    // The same moment as the API's UTC time, five hours ahead on the wall clock.
    expect(Date.parse(time)).toBe(Date.parse(entry!.at));
  });
});
