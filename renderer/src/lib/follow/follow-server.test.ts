import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  FOLLOW_AFTER_MS,
  followCandidates,
  followStep,
  followUrl,
  healthIsOk,
  type FollowInput,
} from './follow-server';
import { ServerFollower, type FollowEnv } from './server-follower';

const A = 'http://192.168.1.20:3000';
const B = 'http://192.168.1.21:3000';
const C = 'http://192.168.1.22:3000';

const lost = (over: Partial<FollowInput> = {}): FollowInput => ({
  now: 10_000 + FOLLOW_AFTER_MS,
  lostSince: 10_000,
  lastRoundAt: null,
  framed: false,
  servers: [A, B, C],
  ownOrigin: A,
  ...over,
});

describe('where the overlay may move (issue 43)', () => {
  it('the store’s other servers in the list’s order, never the sender nor the page’s own origin', () => {
    expect(followCandidates([A, B, C], A)).toEqual([B, C]);
    // OBS on the MCR PC loaded it as localhost: the sender (first) is still this server.
    expect(followCandidates([A, B], 'http://localhost:3000')).toEqual([B]);
    expect(followCandidates([A, `${B}/`, B, 'http://localhost:3000'], 'http://localhost:3000')).toEqual([B]);
    expect(followCandidates([A], A)).toEqual([]);
    expect(followCandidates([], A)).toEqual([]);
  });

  it('only http(s) addresses: a list entry never makes the page run script or open a file', () => {
    expect(followCandidates([A, 'javascript:alert(1)', 'file:///etc/passwd', 'not a url', C], A)).toEqual([C]);
  });

  it('the same overlay (key, query, hash) on the other server', () => {
    expect(followUrl(B, { pathname: '/overlay/k3y', search: '?sample', hash: '#x' })).toBe(`${B}/overlay/k3y?sample#x`);
  });

  it('a health answer counts only when it says ok', () => {
    expect(healthIsOk({ status: 'ok', version: '1' })).toBe(true);
    expect(healthIsOk({ status: 'starting' })).toBe(false);
    expect(healthIsOk(null)).toBe(false);
    expect(healthIsOk('ok')).toBe(false);
  });
});

describe('when the overlay moves (issue 43)', () => {
  it('a restart within FOLLOW_AFTER_MS keeps it: it waits out the rest first', () => {
    expect(followStep(lost({ now: 10_000 }))).toEqual({ kind: 'wait', ms: FOLLOW_AFTER_MS });
    expect(followStep(lost({ now: 12_500 }))).toEqual({ kind: 'wait', ms: 1_500 });
    expect(followStep(lost())).toEqual({ kind: 'probe', candidates: [B, C] });
  });

  it('connected, in a frame (/outputs’ preview) or with nowhere to go: it stays', () => {
    expect(followStep(lost({ lostSince: null }))).toEqual({ kind: 'stay' });
    expect(followStep(lost({ framed: true }))).toEqual({ kind: 'stay' });
    expect(followStep(lost({ servers: [A] }))).toEqual({ kind: 'stay' });
    expect(followStep(lost({ servers: [] }))).toEqual({ kind: 'stay' });
  });

  it('never a round of probes more often than once per FOLLOW_AFTER_MS', () => {
    const lastRoundAt = 10_000 + FOLLOW_AFTER_MS;
    expect(followStep(lost({ lastRoundAt, now: lastRoundAt + 1_500 }))).toEqual({ kind: 'wait', ms: 2_500 });
    expect(followStep(lost({ lastRoundAt, now: lastRoundAt + FOLLOW_AFTER_MS }))).toEqual({
      kind: 'probe',
      candidates: [B, C],
    });
  });
});

describe('the page’s follower (issue 43)', () => {
  let probes: { origin: string; at: number; answer: (ok: boolean) => void }[];
  let went: string[];
  const env = (over: Partial<FollowEnv> = {}): FollowEnv => ({
    now: () => Date.now(),
    framed: false,
    ownOrigin: A,
    probe: (origin) => new Promise((answer) => probes.push({ origin, at: Date.now(), answer })),
    go: (origin) => went.push(origin),
    ...over,
  });
  /** Lets the follower's awaits run (a probe's answer is a resolved promise). */
  const settle = () => vi.advanceTimersByTimeAsync(0);

  beforeEach(() => {
    vi.useFakeTimers({ now: 1_000_000 });
    probes = [];
    went = [];
  });
  afterEach(() => vi.useRealTimers());

  it('after FOLLOW_AFTER_MS lost it asks the others in order and moves to the first that answers', async () => {
    const follower = new ServerFollower(env());
    follower.remember([A, B, C]);
    follower.serverLost();
    await vi.advanceTimersByTimeAsync(FOLLOW_AFTER_MS - 1);
    expect(probes).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(probes.map((p) => p.origin)).toEqual([B]);
    probes[0]!.answer(false);
    await settle();
    expect(probes.map((p) => p.origin)).toEqual([B, C]);
    probes[1]!.answer(true);
    await settle();
    expect(went).toEqual([C]);
  });

  it('the own server back first: it stays, even if another answers later', async () => {
    const follower = new ServerFollower(env());
    follower.remember([A, B]);
    follower.serverLost();
    await vi.advanceTimersByTimeAsync(2_000);
    follower.serverAnswered(); // a restart (an update) within the wait
    await vi.advanceTimersByTimeAsync(10_000);
    expect(probes).toEqual([]);

    follower.serverLost();
    await vi.advanceTimersByTimeAsync(FOLLOW_AFTER_MS);
    follower.serverAnswered(); // back while B is being asked
    follower.serverLost(); // …and lost again at once: that is a new loss, not the old one
    probes[0]!.answer(true);
    await settle();
    expect(went).toEqual([]);
    await vi.advanceTimersByTimeAsync(FOLLOW_AFTER_MS);
    expect(probes).toHaveLength(2);
  });

  it('nobody answers: a new round once per FOLLOW_AFTER_MS, however often the channel reports the loss', async () => {
    const follower = new ServerFollower(env());
    follower.remember([A, B]);
    follower.serverLost();
    await vi.advanceTimersByTimeAsync(FOLLOW_AFTER_MS);
    // A dead PC: the probe takes its whole timeout; the channel's reconnects fail meanwhile.
    await vi.advanceTimersByTimeAsync(1_500);
    follower.serverLost();
    probes[0]!.answer(false);
    await settle();
    for (let i = 0; i < 20; i += 1) {
      follower.serverLost();
      await vi.advanceTimersByTimeAsync(500);
      probes.at(-1)!.answer(false);
      await settle();
    }
    const gaps = probes.slice(1).map((p, i) => p.at - probes[i]!.at);
    expect(probes.length).toBeGreaterThan(1);
    expect(gaps.every((ms) => ms >= FOLLOW_AFTER_MS)).toBe(true);
    expect(went).toEqual([]);
  });

  it('in a frame (/outputs’ preview) it never asks and never moves', async () => {
    const follower = new ServerFollower(env({ framed: true }));
    follower.remember([A, B]);
    follower.serverLost();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(probes).toEqual([]);
    expect(went).toEqual([]);
  });

  it('a probe that fails outright counts as no answer', async () => {
    const follower = new ServerFollower(
      env({ probe: (origin) => (origin === B ? Promise.reject(new Error('offline')) : Promise.resolve(true)) }),
    );
    follower.remember([A, B, C]);
    follower.serverLost();
    await vi.advanceTimersByTimeAsync(FOLLOW_AFTER_MS);
    expect(went).toEqual([C]);
  });

  it('reset (the app signed out): a waiting or probing follower never moves, and a new sign-in starts afresh', async () => {
    const follower = new ServerFollower(env());
    follower.remember([A, B]);
    follower.serverLost();
    await vi.advanceTimersByTimeAsync(1_000);
    follower.reset();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(probes).toEqual([]);

    follower.remember([A, B]);
    follower.serverLost();
    await vi.advanceTimersByTimeAsync(FOLLOW_AFTER_MS);
    follower.reset(); // while B is being asked
    probes[0]!.answer(true);
    await settle();
    expect(went).toEqual([]);
    // No list since the reset: nowhere to go.
    follower.serverLost();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(probes).toHaveLength(1);

    follower.remember([A, B]);
    follower.serverLost();
    await vi.advanceTimersByTimeAsync(FOLLOW_AFTER_MS);
    probes[1]!.answer(true);
    await settle();
    expect(went).toEqual([B]);
  });
});
