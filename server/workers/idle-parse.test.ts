import { afterEach, describe, expect, it } from 'vitest';
import { rss } from '../test/fake-feeds';
import { SCHED_IDLE, threadPriorities } from '../test/proc-threads';
import { parseFeedBody, type FeedParseInput } from './feed-parse';
import { IdleParser } from './idle-parse';

const parsers: IdleParser[] = [];
const parser = (patienceMs?: number) => {
  const p = new IdleParser(patienceMs);
  parsers.push(p);
  return p;
};
afterEach(async () => {
  await Promise.all(parsers.splice(0).map((p) => p.close()));
});

/** A feed of `n` items, as fetched. */
function feed(n: number): FeedParseInput {
  const now = Date.now();
  const items = Array.from({ length: n }, (_, i) => ({
    guid: `g-${i}`,
    title: `Story ${i} — ރިޕޯޓް`,
    description: `<p>${'Words of a wire story. '.repeat(20)}</p>`,
    link: `http://example.test/${i}`,
    date: new Date(now - i * 60_000).toISOString(),
  }));
  return {
    bytes: new TextEncoder().encode(rss('Agency', items)),
    contentType: 'application/rss+xml',
    cutoff: new Date(now - 30 * 86_400_000).toISOString(),
  };
}

describe('the wires reader parse thread (IdleParser)', () => {
  it('parses on a thread of its own that runs SCHED_IDLE, with the same result as a parse in place', async () => {
    const p = parser();
    const input = feed(20);
    const result = await p.parse(input);
    expect(result).toEqual(await parseFeedBody(input));
    expect(result).toMatchObject({ ok: true, entries: 20 });
    expect(p.counts).toEqual({ idle: 1, tookOver: 0 });
    expect(p.threads).toBe(1);
    if (process.platform === 'linux') {
      // This test's own thread is not idle; the parse thread (and what it started) is.
      const threads = threadPriorities(process.pid);
      expect(threads.some((t) => t.policy === SCHED_IDLE)).toBe(true);
      expect(threads.find((t) => t.tid === process.pid)?.policy).toBe(0);
    }
  });

  it('warm() starts the parse thread before any parse, and the first parse runs on it', async () => {
    const p = parser();
    p.warm();
    expect(p.threads).toBe(1);
    expect(await p.parse(feed(5))).toMatchObject({ ok: true, entries: 5 });
    expect(p.counts).toEqual({ idle: 1, tookOver: 0 });
    expect(p.threads).toBe(1);
  });

  it('a parse the idle thread does not finish within its patience is done in place, and that thread is stopped', async () => {
    // 3 000 items take the thread far longer than 1 ms: as a thread starved on a busy machine would.
    const p = parser(1);
    const input = feed(3_000);
    const result = await p.parse(input);
    expect(result).toEqual(await parseFeedBody(input));
    expect(p.counts).toEqual({ idle: 0, tookOver: 1 });
    expect(p.threads).toBe(0);
    // The next parse starts a new thread.
    const again = await p.parse(feed(1));
    expect(again).toMatchObject({ ok: true, entries: 1 });
  });

  it('a feed it refuses is an answer with its message, from the thread as in place', async () => {
    const p = parser();
    const input: FeedParseInput = {
      bytes: new TextEncoder().encode('<html>not a feed</html>'),
      contentType: 'text/html',
      cutoff: new Date(0).toISOString(),
    };
    expect(await p.parse(input)).toEqual(await parseFeedBody(input));
    expect((await p.parse(input)).ok).toBe(false);
  });
});
