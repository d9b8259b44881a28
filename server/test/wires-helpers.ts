import type { WireFeed, WireItem, WireItemPage } from '../../shared/contracts/wires';
import { afterAll, beforeAll } from 'vitest';
import type { ApiClient } from './api-client';
import { startFakeFeeds, type FakeFeeds } from './fake-feeds';
import { startTestServer, type TestServer } from './test-server';

/**
 * A wires test file's fake feed server and real server: started before its tests, handed to
 * `use`, stopped after them.
 */
export function useWiresServer(use: (server: TestServer, feeds: FakeFeeds) => void): void {
  let started: { server: TestServer; feeds: FakeFeeds } | null = null;
  beforeAll(async () => {
    started = { feeds: await startFakeFeeds(), server: await startTestServer() };
    use(started.server, started.feeds);
  });
  afterAll(async () => {
    await started?.server.close();
    await started?.feeds.close();
  });
}

/** Adds a feed of the fake server and waits for the first poll that adding it starts. */
export async function addFeed(
  client: ApiClient,
  feeds: FakeFeeds,
  path: string,
  name = path.replace(/\W/g, ' ').trim(),
): Promise<WireFeed> {
  const created = await client.post<WireFeed>('/api/wires/feeds', { name, url: feeds.url + path });
  if (created.status !== 201) throw new Error(`add feed failed: ${created.status} ${JSON.stringify(created.body)}`);
  return firstPolled(client, created.body.id);
}

/** The feed once its first poll has finished (a condition waited for, not a timed assertion). */
export async function firstPolled(client: ApiClient, id: number, timeoutMs = 10_000): Promise<WireFeed> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const feed = (await client.get<WireFeed[]>('/api/wires/feeds')).body.find((f) => f.id === id);
    if (feed?.lastPolledAt) return feed;
    if (Date.now() > deadline) throw new Error(`feed ${id} was never polled`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

export async function pollFeed(client: ApiClient, id: number): Promise<WireFeed> {
  const polled = await client.post<WireFeed>(`/api/wires/feeds/${id}/poll`);
  if (polled.status !== 200) throw new Error(`poll failed: ${polled.status} ${JSON.stringify(polled.body)}`);
  return polled.body;
}

export async function wireItems(client: ApiClient, query = ''): Promise<WireItem[]> {
  const res = await client.get<WireItemPage>(`/api/wires${query}`);
  if (res.status !== 200) throw new Error(`list failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.items;
}
