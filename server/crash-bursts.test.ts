import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Bulletin } from '../shared/contracts/bulletins';
import type { News } from '../shared/contracts/news';
import { allowed, Burst, cgBurstRounds, CrashRig, killDelay } from './crash-bursts-harness';
import { createNews } from './test/news-factory';

/**
 * Issue 24: SIGKILL the real server during bursts of writes; after the restart on the same data
 * folder the database passes integrity_check, every write that got its 2xx is there, a write
 * whose answer never came is there or not (never half), and every CG file equals the database.
 * One server for the file: every restart re-checks what the earlier kinds established.
 */
const ROUNDS = 3;
let rig: CrashRig;
beforeAll(async () => {
  rig = await new CrashRig().start();
});
afterAll(() => rig.stop());

describe('SIGKILL during bursts of writes', () => {
  it(
    'news creates and edits: acknowledged articles present once, the edited article at its last or in-flight title',
    { timeout: 90_000 },
    async () => {
      const article = await createNews(rig.api, { title: 'Edited 0' });
      let title = article.title;
      let edits: Burst<string> | null = null;
      let creates: Burst<string> | null = null;
      const present = new Set<string>();
      rig.check(async ({ api }) => {
        const list = (await api.get<News[]>('/api/news')).body;
        const ours = list.filter((n) => n.title.startsWith('Crash '));
        const titles = ours.map((n) => n.title);
        expect(new Set(titles).size, 'an article stored twice').toBe(titles.length);
        for (const t of [...present, ...(creates?.acked ?? [])])
          expect(titles, `acknowledged article ${t}`).toContain(t);
        // Nothing appears that was never sent: only the one in-flight create may be new.
        for (const t of titles) if (!present.has(t) && !creates?.acked.includes(t)) expect(t).toBe(creates?.inFlight);
        titles.forEach((t) => present.add(t));
        const actual = list.find((n) => n.id === article.id)?.title;
        expect(edits ? allowed(edits, title) : [title]).toContain(actual);
        title = actual!;
        [edits, creates] = [null, null];
      });
      let acked = 0;
      for (let round = 0; round < ROUNDS; round += 1) {
        const c = (creates = new Burst(
          `news create r${round}`,
          (i) => `Crash r${round} n${i}`,
          (t) => rig.api.post('/api/news', { title: t, content: `Body of ${t}` }),
        ));
        const e = (edits = new Burst(
          `news edit r${round}`,
          (i) => `Edited r${round} e${i}`,
          (t) => rig.api.put(`/api/news/${article.id}`, { title: t }),
        ));
        await rig.crashDuring(killDelay(round), [c, e], () => c.acked.length + e.acked.length >= round);
        acked += c.acked.length + e.acked.length;
      }
      expect(acked, 'no write was acknowledged before the kills: the test tested nothing').toBeGreaterThan(0);
    },
  );

  it(
    'CG writes (update-direct) on four types at once: each file equals the DB, at its last or in-flight text',
    { timeout: 90_000 },
    () => cgBurstRounds(rig, ROUNDS),
  );

  it(
    'crawler adds and edits: the list is the acknowledged operations, plus at most the one in flight',
    { timeout: 90_000 },
    async () => {
      type Op = { add: string } | { edit: string };
      const apply = (list: string[], op: Op) =>
        'add' in op ? [...list, op.add] : list.map((h, i) => (i === 0 ? op.edit : h));
      let headlines: string[] = [];
      let burst: Burst<Op> | null = null;
      rig.check(async ({ api }) => {
        const actual = (await api.get<{ headlines: string[] }>('/api/news-crawler/content')).body.headlines;
        const expected = (burst?.acked ?? []).reduce(apply, headlines);
        const options = [expected, ...(burst?.inFlight ? [apply(expected, burst.inFlight)] : [])];
        expect(options).toContainEqual(actual);
        headlines = actual;
        burst = null;
      });
      expect((await rig.api.post('/api/news-crawler/add-headline', { headline: 'First line' })).status).toBe(200);
      headlines = ['First line'];
      let acked = 0;
      for (let round = 0; round < ROUNDS; round += 1) {
        const b = (burst = new Burst<Op>(
          `crawler r${round}`,
          (i) => (i % 2 ? { edit: `Edited r${round} ${i}` } : { add: `Line r${round} ${i}` }),
          (op) =>
            'add' in op
              ? rig.api.post('/api/news-crawler/add-headline', { headline: op.add })
              : rig.api.put('/api/news-crawler/edit-headline', { index: 0, headline: op.edit }),
        ));
        await rig.crashDuring(killDelay(round + 2), [b], () => b.acked.length >= round);
        acked += b.acked.length;
      }
      expect(acked).toBeGreaterThan(0);
    },
  );

  it(
    'bulletin reorder: the running order is the last acknowledged one or the one in flight, never a mix',
    { timeout: 90_000 },
    async () => {
      // Six breaks told apart by their durations; the order of the array is the running order.
      const base = [61, 62, 63, 64, 65, 66];
      const form = (order: number[]) => ({
        title: 'Crash bulletin',
        broadcastTime: '20:00',
        duration: 30,
        scheduledTime: '2026-11-25T20:00:00.000Z',
        bulletinItems: order.map((durationSeconds) => ({ type: 'break', breakType: 'LOCAL BREAK', durationSeconds })),
      });
      const made = await rig.api.post<Bulletin>('/api/bulletins', form(base));
      expect(made.status).toBe(201);
      let order = base;
      let burst: Burst<number[]> | null = null;
      rig.check(async ({ api }) => {
        const bulletin = (await api.get<Bulletin[]>('/api/bulletins')).body.find((b) => b.id === made.body.id);
        const actual = bulletin?.bulletinItems.map((i) => i.durationSeconds);
        expect(burst ? allowed(burst, order) : [order]).toContainEqual(actual);
        order = actual!;
        burst = null;
      });
      // Rotations: every order differs from the one before, so a lost or mixed write shows.
      const rotate = (n: number) => [...base.slice(n % 6), ...base.slice(0, n % 6)];
      let acked = 0;
      for (let round = 0; round < ROUNDS; round += 1) {
        const b = (burst = new Burst(
          `bulletin r${round}`,
          (i) => rotate(i + round + 1),
          (o) => rig.api.put(`/api/bulletins/${made.body.id}`, form(o)),
        ));
        await rig.crashDuring(killDelay(round + 3), [b], () => b.acked.length >= round);
        acked += b.acked.length;
      }
      expect(acked).toBeGreaterThan(0);
    },
  );
});
