import type { FeedNetworkPolicy } from '../modules/wires/wires.address';
import { FeedError, fetchFeed } from '../modules/wires/wires.fetch';
import { Semaphore } from '../lib/semaphore';
import type { FeedParseResult } from './feed-parse';
import { IdleParser } from './idle-parse';

export interface FeedReadInput {
  url: string;
  etag: string | null;
  lastModified: string | null;
  timeoutMs: number;
  /** ISO: the retention's cutoff (feed-parse.ts). */
  cutoff: string;
  /** Which addresses this read may connect to (issue 37; wires.address.ts). */
  network: FeedNetworkPolicy;
}

/**
 * What the poller gets back: nothing new (304), a body's entries or its refusal with the feed's
 * validators, or the feed's own error: `message` for its row (generic: wires.messages.ts), `detail`
 * (HTTP status, timeout, too large, refused address) for the server's log.
 */
export type FeedReadResult =
  | { kind: 'not-modified' }
  | { kind: 'body'; etag: string | null; lastModified: string | null; parsed: FeedParseResult }
  | { kind: 'failed'; message: string; detail: string };

/** One parse at a time in this process: eight 2.4 MB feeds never build their object trees at once. */
const parses = new Semaphore(1);
/** The parses run on a SCHED_IDLE thread of this process (idle-parse.ts). */
const parser = new IdleParser();

/** The reader's start: its parse thread started ahead of the first feed (idle-parse.ts). */
export function warmParseThread(): true {
  parser.warm();
  return true;
}

/**
 * A feed read entirely off the air thread (issue 26): the conditional GET with its own timeout
 * and size cap (wires.fetch.ts) on this thread, then decode, parse, plain text and retention
 * (feed-parse.ts) on this process's idle thread (idle-parse.ts).
 * Runs in the wires reader process (heavy-pool.ts createWiresReader), many reads at once.
 */
export async function readFeed(input: FeedReadInput): Promise<FeedReadResult> {
  try {
    const fetched = await fetchFeed(input.url, {
      etag: input.etag,
      lastModified: input.lastModified,
      timeoutMs: input.timeoutMs,
      network: input.network,
    });
    if (fetched.kind === 'not-modified') return fetched;
    const parsed = await parses.run(() =>
      parser.parse({ bytes: fetched.bytes, contentType: fetched.contentType, cutoff: input.cutoff }),
    );
    return { kind: 'body', etag: fetched.etag, lastModified: fetched.lastModified, parsed };
  } catch (err) {
    if (err instanceof FeedError) return { kind: 'failed', message: err.shown, detail: err.message };
    throw err;
  }
}
