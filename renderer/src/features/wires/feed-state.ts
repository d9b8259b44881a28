import type { WireFeed } from '@shared/contracts/wires';

/**
 * The feed's last read failed. A message with no failure counted is the server's busy note (a
 * full worker pool: the feed is read again within a minute), shown as Retrying, not Failing.
 */
export const isFailing = (feed: Pick<WireFeed, 'lastError' | 'failures'>): boolean =>
  Boolean(feed.lastError) && feed.failures > 0;
