import type { News } from '../../shared/contracts/news';
import type { ApiClient } from './api-client';

let seq = 0;

/** Creates a draft through the API; returns the article. */
export async function createNews(client: ApiClient, overrides: Record<string, unknown> = {}): Promise<News> {
  seq += 1;
  const res = await client.post<News>('/api/news', {
    title: `Headline ${seq}`,
    subtitle: `Sub ${seq}`,
    content: `Body of article ${seq}`,
    ...overrides,
  });
  if (res.status !== 201) throw new Error(`create news failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

/** Creates and approves an article (the client must be owner/admin/editor). */
export async function createApprovedNews(client: ApiClient, overrides: Record<string, unknown> = {}): Promise<News> {
  const draft = await createNews(client, overrides);
  const res = await client.post<News>(`/api/news/${draft.id}/approve`);
  if (res.status !== 200) throw new Error(`approve failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}
