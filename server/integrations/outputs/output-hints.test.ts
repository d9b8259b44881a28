import { describe, expect, it } from 'vitest';
import { ObsDriver } from './obs-driver';
import type { OutputUpdate } from './output-driver';
import { VmixDriver } from './vmix-driver';

const change: OutputUpdate = { changed: { headline: 'x' }, snapshot: { headline: 'x' }, full: false };

/**
 * Issue 39 point 15: nothing listening on an OBS or vMix address says what to check, like
 * CasparCG's "is it running, and is AMCP on that port?". Port 9 (discard) has nothing on it here.
 */
describe('unreachable OBS and vMix say what to check', () => {
  it('OBS: is it running, and is its WebSocket server on that port?', async () => {
    const d = new ObsDriver({
      url: 'ws://127.0.0.1:9',
      password: null,
      mapping: [{ type: 'headline', input: 'CG Headline' }],
    });
    const err = await d.send(change).catch((e: unknown) => e);
    d.close();
    expect(err).toMatchObject({
      kind: 'unreachable',
      message: expect.stringMatching(
        /^OBS at ws:\/\/127\.0\.0\.1:9 could not be reached.* — is OBS running, and is its WebSocket server \(Tools → WebSocket Server Settings\) on that port\?$/,
      ) as string,
    });
  });

  it('vMix: is it running, and is its Web Controller on that port?', async () => {
    const d = new VmixDriver({
      url: 'http://127.0.0.1:9',
      input: 'Lower Third',
      mapping: [{ type: 'headline', field: 'Headline.Text' }],
    });
    const err = await d.send(change).catch((e: unknown) => e);
    d.close();
    expect(err).toMatchObject({
      kind: 'unreachable',
      message: expect.stringMatching(
        /^vMix at 127\.0\.0\.1:9 could not be reached: .*ECONNREFUSED.* — is vMix running, and is its Web Controller \(Settings → Web Controller\) on that port\?$/,
      ) as string,
    });
  });
});
