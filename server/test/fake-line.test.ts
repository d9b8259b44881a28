import { afterEach, describe, expect, it } from 'vitest';
import { startFakeFeeds, type FakeFeeds } from './fake-feeds';

/** The bench's agencies send through one link (bench/fake-feeds-main.ts): its rate must hold, shared by every answer. */
let feeds: FakeFeeds | undefined;
afterEach(async () => {
  await feeds?.close();
  feeds = undefined;
});

const BYTES_PER_MS = 400;

async function download(url: string): Promise<{ bytes: number; body: string; doneAt: number }> {
  const res = await fetch(url);
  const body = await res.text();
  return { bytes: Buffer.byteLength(body), body, doneAt: performance.now() };
}

describe('FakeLine (the bench agencies’ link)', () => {
  it('sends whole feeds, never faster than the link, and two answers share it', async () => {
    feeds = await startFakeFeeds({ lineBytesPerMs: BYTES_PER_MS });
    const started = performance.now();
    const got = await Promise.all([
      download(`${feeds.url}/big.xml?n=150&f=a`),
      download(`${feeds.url}/big.xml?n=150&f=b`),
    ]);
    const total = got[0].bytes + got[1].bytes;
    for (const { body } of got) {
      expect(body.endsWith('</channel></rss>')).toBe(true);
      expect(body.match(/<item>/g)).toHaveLength(150);
    }
    // The link's rate is a floor on the time: both bodies through one link take total / rate.
    expect(Math.max(got[0].doneAt, got[1].doneAt) - started).toBeGreaterThanOrEqual((total / BYTES_PER_MS) * 0.95);
    // Shared turn by turn: the first to finish did not have the link to itself (it waited for the other's chunks).
    expect(Math.min(got[0].doneAt, got[1].doneAt) - started).toBeGreaterThanOrEqual(
      ((total - 64 * 1024) / BYTES_PER_MS) * 0.95,
    );
  });

  it('without a link rate, big feeds are answered at once (the wires tests keep their speed)', async () => {
    feeds = await startFakeFeeds();
    const started = performance.now();
    const { bytes } = await download(`${feeds.url}/big.xml?n=150&f=c`);
    expect(bytes).toBeGreaterThan(100_000);
    expect(performance.now() - started).toBeLessThan(bytes / BYTES_PER_MS / 2);
  });
});
