import { afterEach, describe, expect, it } from 'vitest';
import { startFakeCasparcg } from '../../test/fake-casparcg';
import { startFakeObs } from '../../test/fake-obs';
import { startFakeVmix } from '../../test/fake-vmix';
import { ANSWER_MAX_CHARS, CasparcgDriver } from './casparcg-driver';
import { ObsDriver } from './obs-driver';
import { OutputFault, PEER_TEXT_MAX, type OutputDriver, type OutputUpdate } from './output-driver';
import { ANSWER_MAX_BYTES, VmixDriver } from './vmix-driver';

const THAANA = 'ދިވެހިރާއްޖޭގެ ޚަބަރު — "quotes" $dollar \\ back';
const cleanups: Array<() => unknown> = [];
afterEach(async () => {
  for (const fn of cleanups.splice(0).reverse()) await fn();
});
const track = <T extends OutputDriver>(d: T) => (cleanups.push(() => d.close()), d);
const change = (
  changed: Record<string, string>,
  snapshot: Record<string, string> = changed,
  full = false,
): OutputUpdate => ({ changed, snapshot, full });

/** The promise's outcome (value or error), or 'still waiting' after `ms`: a call that never settles fails the test instead of hanging it. */
const settledWithin = (p: Promise<unknown>, ms: number): Promise<unknown> =>
  Promise.race([
    p.then(
      (v) => v,
      (e: unknown) => e,
    ),
    new Promise((r) => setTimeout(() => r('still waiting'), ms)),
  ]);

/** 5 MB of what a hostile device sends back (issue 37). */
const HUGE = 'ހ'.repeat(5 * 1024 * 1024);

/** A send that must not settle within `ms` (the fake hangs): the dispatcher's timeout decides. */
async function staysPending(p: Promise<unknown>, ms = 300): Promise<boolean> {
  p.catch(() => undefined);
  return Promise.race([
    p.then(
      () => false,
      () => false,
    ),
    new Promise<boolean>((r) => setTimeout(() => r(true), ms)),
  ]);
}

describe('CasparCG driver (AMCP over TCP)', () => {
  const config = (port: number) => ({
    host: '127.0.0.1',
    port,
    channel: 1,
    layer: 20,
    template: 'cgbridge/lower-third',
    types: ['headline', 'subheadline'] as Array<'headline' | 'subheadline'>,
  });

  it('CG ADD on the first text, CG UPDATE after, CG STOP when all its texts are empty; Thaana intact', async () => {
    const fake = await startFakeCasparcg();
    cleanups.push(() => fake.close());
    const d = track(new CasparcgDriver(config(fake.port)));
    expect(await d.send(change({ headline: THAANA }, { headline: THAANA, subheadline: '' }))).toBe('sent');
    expect(await d.send(change({ subheadline: 'Sub' }, { headline: THAANA, subheadline: 'Sub' }))).toBe('sent');
    expect(
      await d.send(change({ infoline: 'not mine' }, { headline: THAANA, subheadline: 'Sub', infoline: 'not mine' })),
    ).toBe('nothing');
    expect(await d.send(change({ headline: '', subheadline: '' }, { headline: '', subheadline: '' }))).toBe('sent');
    const cg = fake.cg();
    expect(cg.map((c) => c.name)).toEqual(['CG ADD', 'CG UPDATE', 'CG STOP']);
    expect(cg[0]).toMatchObject({
      channel: 1,
      layer: 20,
      template: 'cgbridge/lower-third',
      data: { headline: THAANA, subheadline: '' },
    });
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

  it('hang: the send waits past the lane’s limit (the lane times it out first); drop: the send fails as unreachable', async () => {
    const fake = await startFakeCasparcg();
    cleanups.push(() => fake.close());
    fake.mode = 'hang';
    expect(await staysPending(track(new CasparcgDriver(config(fake.port))).send(change({ headline: 'x' })))).toBe(true);
    fake.mode = 'drop';
    const err = await track(new CasparcgDriver(config(fake.port)))
      .send(change({ headline: 'x' }))
      .catch((e: unknown) => e);
    expect(err).toMatchObject({ kind: 'unreachable' });
    expect(fake.cg()).toEqual([]);
  });

  it('a peer that takes the connection and never answers (not even VERSION): send and probe fail as unreachable at the driver’s limit, naming it', async () => {
    const fake = await startFakeCasparcg();
    cleanups.push(() => fake.close());
    fake.mode = 'hang';
    const sent = await settledWithin(
      track(new CasparcgDriver(config(fake.port), { timeoutMs: 300 })).send(change({ headline: 'x' })),
      3_000,
    );
    expect(sent).toBeInstanceOf(OutputFault);
    expect(sent).toMatchObject({
      kind: 'unreachable',
      message: `CasparCG at 127.0.0.1:${fake.port} did not answer within 0.3 s (it took the connection: is AMCP on that port?)`,
    });
    const probed = await settledWithin(track(new CasparcgDriver(config(fake.port), { timeoutMs: 300 })).probe(), 3_000);
    expect(probed).toMatchObject({
      kind: 'unreachable',
      message: expect.stringContaining('did not answer within 0.3 s') as string,
    });
    // The driver hung up at its limit: nothing is left open on the device.
    await expect.poll(() => fake.open()).toBe(0);
  });

  it('connected, then a command gets no answer: it fails at the driver’s limit and the driver hangs up', async () => {
    const fake = await startFakeCasparcg();
    cleanups.push(() => fake.close());
    const d = track(new CasparcgDriver(config(fake.port), { timeoutMs: 300 }));
    expect(await d.send(change({ headline: 'on air' }))).toBe('sent');
    fake.mode = 'hang';
    expect(await settledWithin(d.send(change({ headline: 'next' })), 3_000)).toMatchObject({
      kind: 'unreachable',
      message: 'CasparCG (CG UPDATE) did not answer within 0.3 s',
    });
    await expect.poll(() => fake.open()).toBe(0);
  });

  it('close() settles a call still waiting on a silent peer at once (the driver as the server makes it)', async () => {
    const fake = await startFakeCasparcg();
    cleanups.push(() => fake.close());
    fake.mode = 'hang';
    const d = new CasparcgDriver(config(fake.port));
    const waiting = settledWithin(d.probe(), 2_000);
    await expect.poll(() => fake.open()).toBe(1);
    d.close();
    expect(await waiting).toMatchObject({ kind: 'unreachable', message: 'The connection to CasparCG was closed' });
    // Closed for good: a later call fails at once and dials nobody.
    expect(await settledWithin(d.send(change({ headline: 'x' })), 2_000)).toMatchObject({ kind: 'unreachable' });
    expect(fake.connections).toBe(1);
  });

  it('a long VERSION line is cut to 200 characters in the Test’s answer', async () => {
    const fake = await startFakeCasparcg();
    cleanups.push(() => fake.close());
    fake.version = `2.3.0 ${'ހ'.repeat(20_000)}`;
    const answer = await track(new CasparcgDriver(config(fake.port))).probe();
    expect(answer.startsWith('CasparCG 2.3.0 ހހ')).toBe(true);
    expect(answer.length).toBeLessThanOrEqual(PEER_TEXT_MAX + 'CasparCG  answered'.length);
  });

  it('a peer flooding megabytes without a line end is dropped past 64 KB, not buffered (and re-split) whole', async () => {
    const fake = await startFakeCasparcg();
    cleanups.push(() => fake.close());
    fake.version = `2.3.0 ${HUGE}`;
    const err = await settledWithin(track(new CasparcgDriver(config(fake.port))).probe(), 5_000);
    expect(err).toMatchObject({
      kind: 'unreachable',
      message: `CasparCG at 127.0.0.1:${fake.port} sent more than 64 KB without an answer; the connection was dropped`,
    });
    expect(ANSWER_MAX_CHARS).toBe(64 * 1024);
    await expect.poll(() => fake.open()).toBe(0);
  });

  it('nothing listening is said at once, not after the timeout', async () => {
    const started = performance.now();
    const err = await track(new CasparcgDriver(config(9)))
      .send(change({ headline: 'x' }))
      .catch((e: unknown) => e);
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
  const config = (url: string, password: string | null) => ({
    url,
    password,
    mapping: [
      { type: 'headline' as const, input: 'CG Headline', scene: 'News' },
      { type: 'timer' as const, input: 'CG Timer' },
    ],
  });

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
    const err = await track(new ObsDriver(config(fake.url, 'wrong')))
      .send(change({ headline: 'x' }))
      .catch((e: unknown) => e);
    expect(err).toMatchObject({ kind: 'refused', message: expect.stringContaining('password') as string });
    expect(fake.refusedLogins).toBe(1);
  });

  it('a missing text source is the device refusing; the rest of that change is not applied', async () => {
    const fake = await startFakeObs(null);
    cleanups.push(() => fake.close());
    fake.inputs = ['Something else'];
    const err = await track(new ObsDriver(config(fake.url, null)))
      .send(change({ headline: 'x' }))
      .catch((e: unknown) => e);
    expect(err).toMatchObject({
      kind: 'refused',
      message: 'OBS SetInputSettings failed: No source was found by the name of `CG Headline`.',
    });
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
    expect(fake.requests.map((r) => r.requestType)).toEqual([
      'GetSceneItemId',
      'SetInputSettings',
      'SetSceneItemEnabled',
      'SetInputSettings',
      'SetSceneItemEnabled',
      'SetInputSettings',
    ]);
    expect([fake.texts.get('CG Headline'), fake.texts.get('CG Timer'), fake.items.get('News/7')]).toEqual([
      'Second',
      '00:30',
      true,
    ]);
  });

  it('hang waits past the lane’s limit; drop fails as unreachable', async () => {
    const fake = await startFakeObs(null);
    cleanups.push(() => fake.close());
    fake.mode = 'hang';
    expect(await staysPending(track(new ObsDriver(config(fake.url, null))).send(change({ headline: 'x' })))).toBe(true);
    fake.mode = 'drop';
    const err = await track(new ObsDriver(config(fake.url, null)))
      .send(change({ headline: 'x' }))
      .catch((e: unknown) => e);
    expect(err).toMatchObject({ kind: 'unreachable' });
  });

  it('a peer that never says Hello fails at the driver’s limit; close() settles a waiting call at once', async () => {
    const fake = await startFakeObs(null);
    cleanups.push(() => fake.close());
    fake.mode = 'hang';
    const sent = await settledWithin(
      track(new ObsDriver(config(fake.url, null), 300)).send(change({ headline: 'x' })),
      3_000,
    );
    expect(sent).toMatchObject({
      kind: 'unreachable',
      message: `OBS at ${fake.url} did not answer within 0.3 s (is it obs-websocket 5?)`,
    });
    // As the server makes it: a close ends the wait without ws's 30 s closing handshake.
    const d = new ObsDriver(config(fake.url, null));
    const waiting = settledWithin(d.probe(), 2_000);
    await new Promise((r) => setTimeout(r, 100));
    d.close();
    expect(await waiting).toMatchObject({ kind: 'unreachable', message: 'The connection to OBS was closed' });
  });

  it('a 5 MB failure comment and 5 MB versions are cut to 200 characters each', async () => {
    const fake = await startFakeObs(null);
    cleanups.push(() => fake.close());
    fake.failComment = HUGE;
    const err = (await track(new ObsDriver(config(fake.url, null)))
      .send(change({ headline: 'x' }))
      .catch((e: unknown) => e)) as OutputFault;
    expect(err).toMatchObject({
      kind: 'refused',
      message: expect.stringMatching(/^OBS SetInputSettings failed: ހހ/) as string,
    });
    expect(err.message.length).toBeLessThanOrEqual(PEER_TEXT_MAX + 'OBS SetInputSettings failed: '.length);
    [fake.obsVersion, fake.obsWebSocketVersion] = [HUGE, HUGE];
    const answer = await track(new ObsDriver(config(fake.url, null))).probe();
    expect(answer.length).toBeLessThanOrEqual(2 * PEER_TEXT_MAX + 'OBS  (obs-websocket ) answered'.length);
  });

  it('probe names the OBS version', async () => {
    const fake = await startFakeObs(null);
    cleanups.push(() => fake.close());
    expect(await track(new ObsDriver(config(fake.url, null))).probe()).toBe(
      'OBS 30.2.0 (obs-websocket 5.5.2) answered',
    );
  });
});

describe('vMix driver (HTTP API)', () => {
  const config = (url: string) => ({
    url,
    input: 'Lower Third',
    mapping: [
      { type: 'headline' as const, field: 'Headline.Text' },
      { type: 'subheadline' as const, field: 'Sub.Text' },
    ],
  });

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

  it('hang waits past the lane’s limit; drop fails as unreachable; nobody listening is unreachable', async () => {
    const fake = await startFakeVmix();
    cleanups.push(() => fake.close());
    fake.mode = 'hang';
    expect(await staysPending(track(new VmixDriver(config(fake.url))).send(change({ headline: 'x' })))).toBe(true);
    fake.mode = 'drop';
    await expect(track(new VmixDriver(config(fake.url))).send(change({ headline: 'x' }))).rejects.toMatchObject({
      kind: 'unreachable',
    });
    await expect(
      track(new VmixDriver(config('http://127.0.0.1:9'))).send(change({ headline: 'x' })),
    ).rejects.toMatchObject({ kind: 'unreachable' });
  });

  it('hang: a call fails at the driver’s limit, headers or body', async () => {
    const fake = await startFakeVmix();
    cleanups.push(() => fake.close());
    fake.mode = 'hang';
    const err = await settledWithin(
      track(new VmixDriver(config(fake.url), 300)).send(change({ headline: 'x' })),
      3_000,
    );
    expect(err).toMatchObject({
      kind: 'unreachable',
      message: `vMix at ${new URL(fake.url).host} did not answer within 0.3 s`,
    });
  });

  it('a 64 MB answer: the probe reads its first 64 KB and stops reading; the device stops sending', async () => {
    const fake = await startFakeVmix();
    cleanups.push(() => fake.close());
    fake.stateBytes = 64 * 1024 * 1024;
    expect(await track(new VmixDriver(config(fake.url))).probe()).toBe(
      'vMix 27.0.0.49 answered; title input "Lower Third" found',
    );
    // What the sockets' buffers took before the driver hung up, never the whole answer.
    await expect.poll(() => fake.stateBytesWritten > 0).toBe(true);
    expect(fake.stateFinished).toBe(false);
    expect(fake.stateBytesWritten).toBeLessThan(16 * 1024 * 1024);
    expect(ANSWER_MAX_BYTES).toBe(64 * 1024);
  });
});
