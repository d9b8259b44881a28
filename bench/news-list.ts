import { ApiClient } from '../server/test/api-client';
import { nowMs, summarize, type Summary } from './stats';

async function time(n: number, call: (i: number) => Promise<{ status: number }>): Promise<Summary> {
  const samples: number[] = [];
  for (let i = 0; i < n; i++) {
    const started = nowMs();
    const res = await call(i);
    if (res.status !== 200) throw new Error(`call failed with ${res.status}`);
    samples.push(nowMs() - started);
  }
  return summarize(samples);
}

/**
 * Sessions to spread the list calls over: one session may read 100 at once and 50 a second
 * (server/lib/read-rate.ts); the bench measures latency, not that limit.
 */
async function sessions(api: ApiClient, n: number): Promise<ApiClient[]> {
  const pool: ApiClient[] = [];
  for (let i = 0; i < n; i++) {
    const c = new ApiClient(api.baseUrl);
    c.token = (
      await c.post<{ token: string }>('/api/auth/login', { username: 'owner', password: 'owner-password' })
    ).body.token;
    pool.push(c);
  }
  return pool;
}

/** Issue 3: list and approve with 100 000 articles in the store. */
export async function benchNews(owner: ApiClient) {
  const pool = await sessions(owner, 12);
  let next = 0;
  // Each call through the next session of the pool (round robin).
  const api = {
    get: <T>(path: string) => pool[next++ % pool.length]!.get<T>(path),
    post: (path: string) => owner.post(path),
  };
  const firstPage = await time(200, () => api.get('/api/news?status=draft&page=1&limit=20'));
  const deepPage = await time(100, (i) => api.get(`/api/news?status=draft&page=${1000 + i * 10}&limit=20`));
  const unpaged = await time(30, () => api.get('/api/news'));
  const drafts = (await api.get<{ items: Array<{ id: number }> }>('/api/news?status=draft&page=5&limit=100')).body
    .items;
  const more = (await api.get<{ items: Array<{ id: number }> }>('/api/news?status=draft&page=6&limit=100')).body.items;
  const ids = [...drafts, ...more].map((n) => n.id);
  const approve = await time(ids.length, (i) => api.post(`/api/news/${ids[i]}/approve`));
  // 25 000 of the seeded articles are approved: far more than the 10 000 the target names.
  const generate = await time(30, () => api.post('/api/news-crawler/generate'));
  return { firstPage, deepPage, unpaged, approve, generate };
}
