import { randomBytes } from 'node:crypto';
import { API_KEY_PERMISSIONS } from '../../shared/constants';
import type { RecordKind } from '../route-table-types';
import { upload, zipBytes } from '../modules/app-versions/app-version-test-helpers';
import type { ApiClient } from './api-client';
import { createEquipment, requestEquipment } from './equipment-factory';
import { createNews } from './news-factory';
import { startFakeFeeds, type FakeFeeds } from './fake-feeds';

/** One fresh record of a kind, made through the real API by a company's owner; its path id. */
export type Seeder = (kind: RecordKind) => Promise<string>;

async function created(client: ApiClient, path: string, body: unknown): Promise<{ id: number }> {
  const res = await client.post<{ id: number }>(path, body);
  if (res.status !== 201 && res.status !== 200)
    throw new Error(`seed ${path}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

const bulletinBody = () => ({
  title: `Bulletin ${randomBytes(3).toString('hex')}`,
  broadcastTime: '20:00',
  scheduledTime: new Date().toISOString(),
  bulletinItems: [{ type: 'break', breakType: 'LOCAL BREAK' }],
});

let feeds: Promise<FakeFeeds> | null = null;
/** One fake feed server for the seeds, started on first need; closeSeedFeeds() in the suite's afterAll. */
const seedFeeds = () => (feeds ??= startFakeFeeds());
export async function closeSeedFeeds(): Promise<void> {
  if (feeds) await (await feeds).close();
  feeds = null;
}

/** The seeder of one company; `owner` is a client of that company's owner. */
export function seederFor(owner: ApiClient): Seeder {
  const seeds: Record<RecordKind, () => Promise<string | number>> = {
    news: async () => (await createNews(owner)).id,
    deletedNews: async () => {
      const { id } = await createNews(owner);
      await owner.delete(`/api/news/${id}`);
      return id;
    },
    user: async () =>
      (
        await created(owner, '/api/users', {
          username: `u_${randomBytes(4).toString('hex')}`,
          password: 'password-1234',
          fullName: 'Seeded',
          role: 'cameraman',
        })
      ).id,
    // A bar type nothing else in the matrix writes (update-direct and emergency use headline and emergency).
    cgFile: async () => (await created(owner, '/api/cg-files', { type: 'titlebar', content: 'Seeded title' })).id,
    apiKey: async () =>
      (await created(owner, '/api/company/api-keys', { name: 'Seeded key', permissions: [API_KEY_PERMISSIONS[0]] })).id,
    bulletin: async () => (await created(owner, '/api/bulletins', bulletinBody())).id,
    prompter: async () => (await created(owner, '/api/prompters', { name: 'Seeded prompter' })).id,
    prompterSession: async () => {
      const prompter = await created(owner, '/api/prompters', { name: 'Seeded prompter' });
      return (await created(owner, `/api/prompters/${prompter.id}/sessions`, {})).id;
    },
    equipment: async () => (await createEquipment(owner, { quantity: 50 })).id,
    loan: async () => (await requestEquipment(owner, (await createEquipment(owner, { quantity: 50 })).id)).id,
    // Disabled: the poller never fetches it; the matrix's calls answer before any fetch matters.
    wireFeed: async () =>
      (
        await created(owner, '/api/wires/feeds', {
          name: 'Seeded feed',
          url: `http://127.0.0.1:9/seeded-${randomBytes(4).toString('hex')}.xml`,
          enabled: false,
        })
      ).id,
    wireItem: async () => {
      const feeds = await seedFeeds();
      const feed = await created(owner, '/api/wires/feeds', {
        name: 'Seeded wire',
        url: `${feeds.url}/rss.xml?seed=${randomBytes(4).toString('hex')}`,
        enabled: false,
      });
      const polled = await owner.post<{ lastError: string | null }>(`/api/wires/feeds/${feed.id}/poll`);
      if (polled.status !== 200 || polled.body.lastError)
        throw new Error(`seed wire poll: ${polled.status} ${JSON.stringify(polled.body)}`);
      const items = await owner.get<{ items: Array<{ id: number; feedId: number }> }>('/api/wires?page=1');
      const item = items.body.items.find((i) => i.feedId === feed.id);
      if (!item) throw new Error('seed wire: no item arrived');
      return item.id;
    },
    // Disabled and pointing at the discard port: no lane, nothing dials it; Test answers "could not be reached".
    output: async () =>
      (
        await created(owner, '/api/outputs', {
          kind: 'vmix',
          name: `Seeded ${randomBytes(4).toString('hex')}`,
          enabled: false,
          config: {
            url: 'http://127.0.0.1:9',
            input: 'Title',
            mapping: [{ type: 'headline', field: 'Headline.Text' }],
          },
        })
      ).id,
    appFile: async () => {
      const res = await upload(owner, 'seed.zip', zipBytes());
      if (res.status !== 201) throw new Error(`seed upload: ${res.status} ${JSON.stringify(res.body)}`);
      return res.body.downloadUrl.split('/').pop() ?? '';
    },
  };
  return async (kind) => String(await seeds[kind]());
}
