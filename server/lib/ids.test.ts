import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNews } from '../test/news-factory';
import { loginDevOwner } from '../test/factories';
import { startTestServer, type TestServer } from '../test/test-server';
import type { ApiClient } from '../test/api-client';

let server: TestServer;
let owner: ApiClient;

beforeAll(async () => {
  server = await startTestServer();
  owner = await loginDevOwner(server);
  // Ids 1..16 exist, so a lenient parser would find a row for each spelling below.
  for (let i = 0; i < 16; i++) await createNews(owner, { title: `Story ${i + 1}` });
});
afterAll(() => server.close());

describe('ids in paths and paging in queries are decimal digits only', () => {
  it('reads the article by its plain id', async () => {
    expect((await owner.get<{ title: string }>('/api/news/16')).body.title).toBe('Story 16');
  });

  it.each(['0x10', '%201', '1e1', '+1', '1.0', '0b1', '%091', '1%20', '-1', '0', '99999999999999999999'])(
    'refuses /api/news/%s with 400',
    async (id) => {
      const res = await owner.get<{ message: string }>(`/api/news/${id}`);
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(/^id: /);
    },
  );

  it('refuses a hex page number', async () => {
    const res = await owner.get<{ message: string }>('/api/news?status=draft&page=0x2&limit=5');
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/page/);
  });

  it('still pages with decimal numbers', async () => {
    const res = await owner.get<{ items: unknown[]; page: number }>('/api/news?status=draft&page=2&limit=5');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ page: 2 });
    expect(res.body.items).toHaveLength(5);
  });
});
