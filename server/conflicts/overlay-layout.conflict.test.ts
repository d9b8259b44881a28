import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_OVERLAY_LAYOUT,
  type OverlayOutput,
  type VersionedOverlayLayout,
} from '../../shared/contracts/overlay';
import { createStation, createUser } from '../test/factories';
import { startTestServer, type TestServer } from '../test/test-server';
import { expectNoLostUpdate } from '../test/version-race';

/** Issue 26's rule on issue 25's overlay layout: two admins styling the overlay never lose a save. */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('overlay layout: no lost update', () => {
  it('two sessions from one version → one 200, one 409 with the layout as it is; 100 parallel → one wins', async () => {
    const { owner } = await createStation(server);
    const admin = await createUser(owner, server, 'admin', { fullName: 'Aminath Admin' });
    const load = async (): Promise<VersionedOverlayLayout> => {
      const output = (await owner.get<OverlayOutput>('/api/outputs/overlay')).body;
      return { ...output.layout, version: output.layoutVersion };
    };
    const body = (i: number) => ({ ...DEFAULT_OVERLAY_LAYOUT, fontSize: 24 + (i % 48), tickerSpeed: 20 + i });
    await expectNoLostUpdate<VersionedOverlayLayout>({
      a: admin,
      b: owner,
      path: '/api/outputs/overlay/layout',
      load,
      body,
      pick: (l) => ({ fontSize: l.fontSize, tickerSpeed: l.tickerSpeed }),
      want: (i) => ({ fontSize: 24 + (i % 48), tickerSpeed: 20 + i }),
    });
  });

  it('the version is not part of what an overlay is sent, and a bad version is a 400', async () => {
    const { owner } = await createStation(server);
    const bad = await owner.put<{ message: string }>('/api/outputs/overlay/layout', {
      ...DEFAULT_OVERLAY_LAYOUT,
      version: 'one',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/version/i);
    const saved = await owner.put<VersionedOverlayLayout>('/api/outputs/overlay/layout', {
      ...DEFAULT_OVERLAY_LAYOUT,
      fontSize: 50,
      version: 0,
    });
    expect(saved.status).toBe(200);
    const output = (await owner.get<OverlayOutput>('/api/outputs/overlay')).body;
    expect(output.layout).toEqual({ ...DEFAULT_OVERLAY_LAYOUT, fontSize: 50 });
    expect(output.layoutVersion).toBe(1);
  });
});
