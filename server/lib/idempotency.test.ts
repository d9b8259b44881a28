import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiKey, CreatedApiKey } from '../../shared/contracts/api-keys';
import type { CrawlerContent } from '../../shared/contracts/crawler';
import type { News } from '../../shared/contracts/news';
import type { User } from '../../shared/contracts/users';
import type { ApiClient } from '../test/api-client';
import { createStation, createUser, loginDevOwner } from '../test/factories';
import { startTestServer, type TestServer } from '../test/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

let seq = 0;
const newKey = () => `test:${Date.now()}-${++seq}`;
const withKey = <T>(c: ApiClient, method: string, url: string, key: string, body: unknown = {}) =>
  c.request<T>(method, url, body, { 'Idempotency-Key': key });

async function station() {
  const { dev, owner, folder } = await createStation(server);
  const newsCount = () => owner.get<News[]>('/api/news').then((r) => r.body.length);
  const headlines = async () => (await owner.get<CrawlerContent>('/api/news-crawler/content')).body.headlines;
  return { dev, owner, folder, newsCount, headlines };
}

describe('Idempotency-Key', () => {
  it('a repeated crawler add-headline gets the first answer and adds the headline once', async () => {
    const { owner, headlines } = await station();
    const key = newKey();
    const first = await withKey<CrawlerContent>(owner, 'POST', '/api/news-crawler/add-headline', key, {
      headline: 'Once only',
    });
    const second = await withKey<CrawlerContent>(owner, 'POST', '/api/news-crawler/add-headline', key, {
      headline: 'Once only',
    });
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expect(second.body).toEqual(first.body);
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    expect(await headlines()).toEqual(['Once only']);
    // A new key is a new action.
    await withKey(owner, 'POST', '/api/news-crawler/add-headline', newKey(), { headline: 'Once only' });
    expect(await headlines()).toEqual(['Once only', 'Once only']);
  });

  it('250 parallel news creates with one key make exactly one article, and everyone gets its answer', async () => {
    const { owner, newsCount } = await station();
    const key = newKey();
    const body = { title: 'Harbour fire', content: 'Body' };
    const answers = await Promise.all(
      Array.from({ length: 250 }, () => withKey<News>(owner, 'POST', '/api/news', key, body)),
    );
    expect(new Set(answers.map((a) => a.status))).toEqual(new Set([201]));
    expect(new Set(answers.map((a) => a.body.id)).size).toBe(1);
    expect(answers.every((a) => JSON.stringify(a.body) === JSON.stringify(answers[0]!.body))).toBe(true);
    expect(await newsCount()).toBe(1);
  });

  it('200 parallel crawler adds with one key add one headline; different keys add one each', async () => {
    const { owner, headlines } = await station();
    const key = newKey();
    await Promise.all(
      Array.from({ length: 200 }, () =>
        withKey(owner, 'POST', '/api/news-crawler/add-headline', key, { headline: 'Same' }),
      ),
    );
    expect(await headlines()).toEqual(['Same']);
    await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        withKey(owner, 'POST', '/api/news-crawler/add-headline', newKey(), { headline: `H${i}` }),
      ),
    );
    expect((await headlines()).length).toBe(6);
  });

  it('users create: a repeated key answers 201 with the same user instead of a duplicate-name 409', async () => {
    const { owner } = await station();
    const key = newKey();
    const body = {
      username: `idem_${seq}_${Date.now()}`,
      password: 'password-123456',
      fullName: 'Idem User',
      role: 'editor',
    };
    const a = await withKey<User>(owner, 'POST', '/api/users', key, body);
    const b = await withKey<User>(owner, 'POST', '/api/users', key, body);
    expect([a.status, b.status]).toEqual([201, 201]);
    expect(b.body).toEqual(a.body);
    const users = (await owner.get<User[]>('/api/users')).body;
    expect(users.filter((u) => u.username === body.username)).toHaveLength(1);
    // Without the key the same request is a second attempt, refused as a duplicate.
    expect((await owner.post('/api/users', body)).status).toBe(409);
  });

  it('keys are per company: the same key in two companies makes two separate effects', async () => {
    const a = await station();
    const b = await station();
    const key = newKey();
    const ra = await withKey<News>(a.owner, 'POST', '/api/news', key, { title: 'A story', content: 'x' });
    const rb = await withKey<News>(b.owner, 'POST', '/api/news', key, { title: 'B story', content: 'x' });
    expect([ra.status, rb.status]).toEqual([201, 201]);
    expect(rb.body.title).toBe('B story');
    expect([await a.newsCount(), await b.newsCount()]).toEqual([1, 1]);
  });

  it('a key reused for another method or path is refused with 422 and does nothing', async () => {
    const { owner, newsCount, headlines } = await station();
    const key = newKey();
    await withKey(owner, 'POST', '/api/news-crawler/add-headline', key, { headline: 'First use' });
    const res = await withKey<{ message: string }>(owner, 'POST', '/api/news', key, { title: 'Other', content: 'x' });
    expect(res.status).toBe(422);
    expect(res.body.message).toBe(
      `Idempotency-Key "${key}" was already used for POST /api/news-crawler/add-headline; send a new key for each action`,
    );
    const put = await withKey(owner, 'PUT', '/api/news-crawler/add-headline', key, { headline: 'x' });
    expect(put.status).toBe(422);
    expect(await newsCount()).toBe(0);
    expect(await headlines()).toEqual(['First use']);
  });

  it('remembers a key for 10 minutes by the server clock, then treats it as new', async () => {
    const { owner, headlines } = await station();
    const key = newKey();
    const add = () => withKey(owner, 'POST', '/api/news-crawler/add-headline', key, { headline: 'Tick' });
    await add();
    server.clock.advance(9 * 60 * 1000 + 59_000);
    expect((await add()).headers.get('idempotent-replayed')).toBe('true');
    expect(await headlines()).toEqual(['Tick']);
    server.clock.advance(2000);
    expect((await add()).headers.get('idempotent-replayed')).toBeNull();
    expect(await headlines()).toEqual(['Tick', 'Tick']);
  });

  it('a 5xx is not remembered: the same key may try the write again', async () => {
    const { owner, folder } = await station();
    await owner.post('/api/cg-files/update-direct', { type: 'headline', content: 'Before' });
    await server.services.cgFiles.flush();
    fs.rmSync(folder, { recursive: true });
    fs.writeFileSync(folder, 'not a folder');
    const key = newKey();
    const send = () =>
      withKey<{ content?: string }>(owner, 'POST', '/api/cg-files/update-direct', key, {
        type: 'headline',
        content: 'Retried',
      });
    expect((await send()).status).toBe(503);
    fs.rmSync(folder);
    const retry = await send();
    expect(retry.status).toBe(200);
    expect(retry.headers.get('idempotent-replayed')).toBeNull();
    expect(fs.readFileSync(path.join(folder, 'headline.txt'), 'utf8')).toBe('Retried');
    expect((await send()).headers.get('idempotent-replayed')).toBe('true');
  });

  it('a 4xx is remembered like a success', async () => {
    const { owner, newsCount } = await station();
    const key = newKey();
    const bad = await withKey<{ message: string }>(owner, 'POST', '/api/news', key, { title: '', content: 'x' });
    expect(bad.status).toBe(400);
    const again = await withKey<{ message: string }>(owner, 'POST', '/api/news', key, { title: '', content: 'x' });
    expect(again).toMatchObject({ status: 400, body: bad.body });
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(await newsCount()).toBe(0);
  });

  it('the same key with another body is refused with 422 and does nothing', async () => {
    const { owner, newsCount } = await station();
    const key = newKey();
    expect((await withKey(owner, 'POST', '/api/news', key, { title: 'First', content: 'x' })).status).toBe(201);
    const other = await withKey<{ message: string }>(owner, 'POST', '/api/news', key, {
      title: 'Second',
      content: 'x',
    });
    expect(other.status).toBe(422);
    expect(other.body.message).toBe(
      `Idempotency-Key "${key}" was already used with a different request body; send a new key for each action`,
    );
    expect(await newsCount()).toBe(1);
    // The bulk import has its own body parser: the same rule holds there.
    const bulkKey = newKey();
    const rows = (code: string) => ({ csvData: [{ name: 'Tripod', code, location: 'Store' }] });
    expect((await withKey(owner, 'POST', '/api/equipment/bulk', bulkKey, rows('T-1'))).status).toBe(200);
    expect(
      (await withKey(owner, 'POST', '/api/equipment/bulk', bulkKey, rows('T-1'))).headers.get('idempotent-replayed'),
    ).toBe('true');
    expect((await withKey(owner, 'POST', '/api/equipment/bulk', bulkKey, rows('T-2'))).status).toBe(422);
  });

  it('refuses a malformed key with 400 and does nothing', async () => {
    const { owner, headlines } = await station();
    for (const key of ['', 'has space', 'a/b', 'x'.repeat(201), 'quote"d']) {
      const res = await withKey<{ message: string }>(owner, 'POST', '/api/news-crawler/add-headline', key, {
        headline: 'Nope',
      });
      expect(res.status, JSON.stringify(key)).toBe(400);
      expect(res.body.message).toBe(
        'Idempotency-Key must be 1 to 200 characters of letters, digits, "_", ".", ":" or "-"',
      );
    }
    expect(await headlines()).toEqual([]);
    expect(
      (
        await withKey(owner, 'POST', '/api/news-crawler/add-headline', 'A-z_0.9:' + 'k'.repeat(192), {
          headline: 'Yes',
        })
      ).status,
    ).toBe(200);
  });

  it('covers companies create (dev) too', async () => {
    const dev = await loginDevOwner(server);
    const key = newKey();
    const body = {
      name: `Idem Station ${Date.now()}`,
      ownerUsername: `idem_owner_${Date.now()}`,
      ownerPassword: 'password-123456',
      ownerFullName: 'X',
    };
    const a = await withKey<{ company: { id: number } }>(dev, 'POST', '/api/companies', key, body);
    const b = await withKey<{ company: { id: number } }>(dev, 'POST', '/api/companies', key, body);
    expect([a.status, b.status]).toEqual([201, 201]);
    expect(b.body.company.id).toBe(a.body.company.id);
  });
});

describe('Idempotency-Key belongs to the user who sent it', () => {
  const apiKeyBody = { name: 'Graphics PC', permissions: ['cg_files'] };

  it("an editor sending the owner's key on POST /api/company/api-keys gets 403, never the owner's new key", async () => {
    const { owner } = await station();
    const editor = await createUser(owner, server, 'editor');
    const key = newKey();
    const created = await withKey<CreatedApiKey>(owner, 'POST', '/api/company/api-keys', key, apiKeyBody);
    expect(created.status).toBe(201);
    const stolen = await withKey<CreatedApiKey & { message: string }>(
      editor,
      'POST',
      '/api/company/api-keys',
      key,
      apiKeyBody,
    );
    expect(stolen.status).toBe(403);
    expect(stolen.headers.get('idempotent-replayed')).toBeNull();
    expect(JSON.stringify(stolen.body)).not.toContain(created.body.key);
    expect((await owner.get<ApiKey[]>('/api/company/api-keys')).body).toHaveLength(1);
  });

  it("a cameraman sending the owner's key on POST /api/users gets 403, never the owner's answer", async () => {
    const { owner } = await station();
    const cameraman = await createUser(owner, server, 'cameraman');
    const key = newKey();
    const body = {
      username: `idem_cam_${++seq}_${Date.now()}`,
      password: 'password-123456',
      fullName: 'New Editor',
      role: 'editor',
    };
    expect((await withKey<User>(owner, 'POST', '/api/users', key, body)).status).toBe(201);
    const replay = await withKey<{ message: string }>(cameraman, 'POST', '/api/users', key, body);
    expect(replay.status).toBe(403);
    expect(replay.headers.get('idempotent-replayed')).toBeNull();
    expect(replay.body).not.toHaveProperty('username');
  });

  it('another user of the same company with the same key makes their own, separate effect', async () => {
    const { owner, headlines } = await station();
    const admin = await createUser(owner, server, 'admin');
    const key = newKey();
    await withKey(owner, 'POST', '/api/news-crawler/add-headline', key, { headline: 'Owner' });
    const res = await withKey(admin, 'POST', '/api/news-crawler/add-headline', key, { headline: 'Owner' });
    expect(res.headers.get('idempotent-replayed')).toBeNull();
    expect(await headlines()).toEqual(['Owner', 'Owner']);
  });

  it('the same user with the same key still gets the first answer; 100 parallel repeats make one API key', async () => {
    const { owner } = await station();
    const key = newKey();
    const answers = await Promise.all(
      Array.from({ length: 100 }, () =>
        withKey<CreatedApiKey>(owner, 'POST', '/api/company/api-keys', key, apiKeyBody),
      ),
    );
    expect(new Set(answers.map((a) => a.status))).toEqual(new Set([201]));
    expect(new Set(answers.map((a) => a.body.key)).size).toBe(1);
    expect(answers.filter((a) => a.headers.get('idempotent-replayed') === 'true')).toHaveLength(99);
    expect((await owner.get<ApiKey[]>('/api/company/api-keys')).body).toHaveLength(1);
  });

  it('a user whose role changed since the first use is refused with 409, not given the old answer', async () => {
    const { owner } = await station();
    const admin = await createUser(owner, server, 'admin');
    const key = newKey();
    expect((await withKey(admin, 'POST', '/api/company/api-keys', key, apiKeyBody)).status).toBe(201);
    expect((await owner.put(`/api/users/${admin.user.id}`, { role: 'editor' })).status).toBe(200);
    const after = await withKey<{ message: string }>(admin, 'POST', '/api/company/api-keys', key, apiKeyBody);
    expect(after.status).toBe(409);
    expect(after.body.message).toBe(
      `Idempotency-Key "${key}" was first used with other rights (your role changed); send a new key for each action`,
    );
    expect((await owner.get<ApiKey[]>('/api/company/api-keys')).body).toHaveLength(1);
  });
});
