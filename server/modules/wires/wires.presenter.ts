import type { WireFeed, WireItem, WireSource } from '../../../shared/contracts/wires';
import type { WireStoryRow } from '../../db/schema';
import type { FeedWithCount, ItemWithSource } from './wires.repo';

/** The feed row as the page shows it; ETag / Last-Modified stay on the server. */
export function presentFeed(f: FeedWithCount): WireFeed {
  return {
    id: f.id,
    name: f.name,
    url: f.url,
    enabled: f.enabled,
    itemCount: f.itemCount,
    lastPolledAt: f.lastPolledAt,
    lastSuccessAt: f.lastSuccessAt,
    lastError: f.lastError,
    failures: f.failures,
    nextPollAt: f.nextPollAt,
    createdAt: f.createdAt,
  };
}

export function presentItem(i: ItemWithSource): WireItem {
  return { ...i, newsId: i.newsId ?? null };
}

export function presentSource(s: WireStoryRow): WireSource {
  return {
    newsId: s.newsId,
    wireItemId: s.wireItemId,
    source: s.source,
    title: s.title,
    link: s.link,
    createdAt: s.createdAt,
  };
}
