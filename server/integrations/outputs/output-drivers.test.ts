import { afterEach, describe, expect, it } from 'vitest';
import { startFakeCasparcg } from '../../test/fake-casparcg';
import { startFakeObs } from '../../test/fake-obs';
import { startFakeVmix } from '../../test/fake-vmix';
import { CasparcgDriver } from './casparcg-driver';
import { ObsDriver } from './obs-driver';
import { OutputFault, type OutputDriver, type OutputUpdate } from './output-driver';
import { VmixDriver } from './vmix-driver';

const THAANA = 'ދިވެހިރާއްޖޭގެ ޚަބަރު — "quotes" $dollar \\ back';
const cleanups: Array<() => unknown> = [];
afterEach(async () => {
  for (const fn of cleanups.splice(0).reverse()) await fn();
});
const track = <T extends OutputDriver>(d: T) => (cleanups.push(() => d.close()), d);
const change = (changed: Record<string, string>, snapshot: Record<string, string> = changed, full = false): OutputUpdate => ({ changed, snapshot, full });

/** A send that must not settle within `ms` (the fake hangs): the dispatcher's timeout decides. */
async function staysPending(p: Promise<unknown>, ms = 300): Promise<boolean> {
  p.catch(() => undefined);
  return Promise.race([p.then(() => false, () => false), new Promise<boolean>((r) => setTimeout(() => r(true), ms))]);
}

describe('CasparCG driver (AMCP over TCP)', () => {
  const config = (port: number) => ({ host: '127.0.0.1', port, channel: 1, layer: 20, template: 'cgbridge/lower-third', types: ['headline', 'subheadline'] as Array<'headline' | 'subheadline'> });

  it('CG ADD on the first text, CG UPDATE after, CG STOP when all its texts are empty; Thaana intact', async () => {
    const fake = await startFakeCasparcg();
    cleanups.push(() => fake.close());
    const d = track(new CasparcgDriver(config(fake.port)));
    expect(await d.send(change({ headline: THAANA }, { headline: THAANA, subheadline: '' }))).toBe('sent');
    expect(await d.send(change({ subheadline: 'Sub' }, { headline: THAANA, subheadline: 'Sub' }))).toBe('sent');
    expect(await d.send(change({ infoline: 'not mine' }, { headline: THAANA, subheadline: 'Sub', infoline: 'not mine' }))).toBe('nothing');
    expect(await d.send(change({ headline: '', subheadline: '' }, { headline: '', subheadline: '' }))).toBe('sent');
    const cg = fake.cg();
    expect(cg.map((c) => c.name)).toEqual(['CG ADD', 'CG UPDATE', 'CG STOP']);
    expect(cg[0]).toMatchObject({ channel: 1, layer: 20, template: 'cgbridge/lower-third', data: { headline: THAANA, subheadline: '' } });
    expect(cg[1]?.data).toEqual({ headline: THAANA, subheadline: 'Sub' });
  });

  it('an unknown template is the device refusing (error), not a lost line', async () => {
    const fake = await startFakeCasparcg();
    cleanups.push(() => fake.close());
    fake.templates = ['other'];
    const d = track(new CasparcgDriver(config(fake.port)));
    const err = await d.send(change({ headline: 'x' })).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(OutputFault);
    expect(err).toMatchObject({ kind: 'refused', message: expect.stringContaining('404') as string });
  });

  it('hang: the send never settles (the lane times it out); drop: the send fails as unreachable', async () => {
    const fake = await startFakeCasparcg();
    cleanups.push(() => fake.close());
    fake.mode = 'hang';
    expect(await staysPending(track(new CasparcgDriver(config(fake.port))).send(change({ headline: 'x' })))).toBe(true);
    fake.mode = 'drop';
    const err = await track(new CasparcgDriver(config(fake.port))).send(change({ headline: 'x' })).catch((e: unknown) => e);
    expect(err).toMatchObject({ kind: 'unreachable' });
    expect(fake.cg()).toEqual([]);
  });

  it('nothing listening is said at once, not after the timeout', async () => {
    const started = performance.now();
    const err = await track(new CasparcgDriver(config(9))).send(change({ headline: 'x' })).catch((e: unknown) => e);
    expect(err).toMatchObject({ kind: 'unreachable', message: expect.stringContaining('ECONNREFUSED') as string });
    expect(performance.now() - started).toBeLessThan(1_000);
  });

  it('a closed driver sends nothing more and never dials the server again (the library would reconnect every 5 s)', async () => {
    const fake = await startFakeCasparcg();
    cleanups.push(() => fake.close());
    const d = new CasparcgDriver(config(fake.port));
    expect(await d.probe()).toContain('CasparCG 2.3.0');
    d.close();
    await new Promise((r) => setTimeout(r, 5_600));
    expect(fake.connections).toBe(1);
    // Closing says nothing to the server (the library's discard() is the AMCP DISCARD command).
    // Only the library's VERSION on connect and the probe's own.
    expect(fake.commands.map((c) => c.name)).toEqual(['VERSION', 'VERSION']);
  }, 10_000);
});

describe('OBS driver (obs-websocket v5)', () => {
  const config = (url: string, password: string | null) => ({ url, password, mapping: [{ type: 'headline' as const, input: 'CG Headline', scene: 'News' }, { type: 'timer' as const, input: 'CG Timer' }] });

  it('authenticates with the sha256 challenge, sets the text source, shows / hides the scene item; Thaana intact', async () => {
    const fake = await startFakeObs('s3cret');
    cleanups.push(() => fake.close());
    const d = track(new ObsDriver(config(fake.url, 's3cret')));
    await d.send(change({ headline: THAANA }));
    expect(fake.texts.get('CG Headline')).toBe(THAANA);
    expect(fake.items.get('News/7')).toBe(true);
    await d.send(change({ headline: '' }));
    expect(fake.texts.get('CG Headline')).toBe('');
    expect(fake.items.get('News/7')).toBe(false);
    expect(await d.send(change({ infoline: 'x' }))).toBe('nothing');
    // A full send (new connection) sets every mapped type from the snapshot.
    await d.send(change({}, { headline: 'H', timer: '01:00' }, true));
    expect([fake.texts.get('CG Headline'), fake.texts.get('CG Timer')]).toEqual(['H', '01:00']);
    expect(fake.identified).toBe(1);
  });

  it('a wrong password is refused with words the operator can act on', async () => {
    const fake = await startFakeObs('right');
    cleanups.push(() => fake.close());
    const err = await track(new ObsDriver(config(fake.url, 'wrong'))).send(change({ headline: 'x' })).catch((e: unknown) => e);
    expect(err).toMatchObject({ kind: 'refused', message: expect.stringContaining('password') as string });
    expect(fake.refusedLogins).toBe(1);
  });

  it('a missing text source is the device refusing; the rest of that change is not applied', async () => {
    const fake = await startFakeObs(null);
    cleanups.push(() => fake.close());
    fake.inputs = ['Something else'];
    const err = await track(new ObsDriver(config(fake.url, null))).send(change({ headline: 'x' })).catch((e: unknown) => e);
    expect(err).toMatchObject({ kind: 'refused', message: 'OBS SetInputSettings failed: No source was found by the name of `CG Headline`.' });
    // Halted at the refusal: the scene item was not shown for a text that was never set.
    expect(fake.requests.map((r) => r.requestType)).toEqual(['GetSceneItemId', 'SetInputSettings']);
    expect(fake.items.size).toBe(0);
  });

  it('one change is one RequestBatch: every text and visibility of it in one message', async () => {
    const fake = await startFakeObs(null);
    cleanups.push(() => fake.close());
    const d = track(new ObsDriver(config(fake.url, null)));
    await d.send(change({ headline: 'First' }));
    await d.send(change({ headline: 'Second', timer: '00:30' }));
    expect(fake.batches).toBe(2);
    // The scene item's id is asked once (a plain request), then kept.
    expect(fake.requests.map((r) => r.requestType)).toEqual(['GetSceneItemId', 'SetInputSettings', 'SetSceneItemEnabled', 'SetInputSettings', 'SetSceneItemEnabled', 'SetInputSettings']);
    expect([fake.texts.get('CG Headline'), fake.texts.get('CG Timer'), fake.items.get('News/7')]).toEqual(['Second', '00:30', true]);
  });

  it('hang never settles; drop fails as unreachable', async () => {
    const fake = await startFakeObs(null);
    cleanups.push(() => fake.close());
    fake.mode = 'hang';
    expect(await staysPending(track(new ObsDriver(config(fake.url, null))).send(change({ headline: 'x' })))).toBe(true);
    fake.mode = 'drop';
    const err = await track(new ObsDriver(config(fake.url, null))).send(change({ headline: 'x' })).catch((e: unknown) => e);
    expect(err).toMatchObject({ kind: 'unreachable' });
  });

  it('probe names the OBS version', async () => {
    const fake = await startFakeObs(null);
    cleanups.push(() => fake.close());
    expect(await track(new ObsDriver(config(fake.url, null))).probe()).toBe('OBS 30.2.0 (obs-websocket 5.5.2) answered');
  });
});

describe('vMix driver (HTTP API)', () => {
  const config = (url: string) => ({ url, input: 'Lower Third', mapping: [{ type: 'headline' as const, field: 'Headline.Text' }, { type: 'subheadline' as const, field: 'Sub.Text' }] });

  it('SetText per mapped field; Thaana and URL-special characters intact; clearing sends an empty value', async () => {
    const fake = await startFakeVmix();
    cleanups.push(() => fake.close());
    const d = track(new VmixDriver(config(fake.url)));
    const tricky = `${THAANA} & a=b #frag ?q+1 %20`;
    await d.send(change({ headline: tricky }));
    expect(fake.fields.get('Lower Third/Headline.Text')).toBe(tricky);
    await d.send(change({ headline: '' }));
    expect(fake.fields.get('Lower Third/Headline.Text')).toBe('');
    expect(await d.send(change({ timer: '1' }))).toBe('nothing');
    expect(fake.calls.every((c) => c.fn === 'SetText')).toBe(true);
    expect(await d.probe()).toBe('vMix 27.0.0.49 answered; title input "Lower Third" found');
  });

  it('hang never settles; drop fails as unreachable; nobody listening is unreachable', async () => {
    const fake = await startFakeVmix();
    cleanups.push(() => fake.close());
    fake.mode = 'hang';
    expect(await staysPending(track(new VmixDriver(config(fake.url))).send(change({ headline: 'x' })))).toBe(true);
    fake.mode = 'drop';
    await expect(track(new VmixDriver(config(fake.url))).send(change({ headline: 'x' }))).rejects.toMatchObject({ kind: 'unreachable' });
    await expect(track(new VmixDriver(config('http://127.0.0.1:9'))).send(change({ headline: 'x' }))).rejects.toMatchObject({ kind: 'unreachable' });
  });
});
