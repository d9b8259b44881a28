import { WIRES } from '../../shared/contracts/wires';
import { decodeBody, FeedError } from '../modules/wires/wires.decode';
import { finishEntry, parseRawEntries, type ParsedEntry, type RawEntry } from '../modules/wires/wires.parse';

/** Entries per insert slice on the air thread (wires.poller.ts): one JSON text each. */
export const INSERT_SLICE = 50;

export interface FeedParseInput {
  /** The raw body as fetched (transferred, not copied). */
  bytes: Uint8Array;
  contentType: string;
  /** ISO: entries published at or before this are not kept (the 30-day retention). */
  cutoff: string;
}

/**
 * A feed we refuse is an answer, not a failure of the task: its message goes on the feed's row.
 * The entries to store come as JSON texts of INSERT_SLICE entries: a string crosses threads as one
 * copy, where hundreds of objects would be rebuilt by structured clone on the air thread; the
 * poller parses each text right before its insert slice.
 */
export type FeedParseResult = { ok: true; chunks: string[]; entries: number } | { ok: false; message: string };

/** The parse runs on a thread of its own: nothing there to give the core to between slices. */
const noPause = (): Promise<void> => Promise.resolve();

/**
 * A fetched feed → the entries the poller should store: decoded in its charset, parsed (RSS, RDF,
 * Atom, JSON Feed; wires.parse.ts), summaries as plain text, then the retention applied.
 */
export async function parseFeedBody(input: FeedParseInput): Promise<FeedParseResult> {
  let entries: ParsedEntry[];
  try {
    // The retention picks before the text is made plain: a 3 000-item feed keeps 500, and plain
    // text was most of the parse (190 → see docs/performance.md "wires").
    const kept = keepable(
      await parseRawEntries(decodeBody(input.bytes, input.contentType), input.contentType, noPause),
      input.cutoff,
    );
    entries = kept.map(finishEntry).filter((e): e is ParsedEntry => e !== null);
  } catch (err) {
    if (err instanceof FeedError) return { ok: false, message: err.message };
    throw err;
  }
  const chunks: string[] = [];
  for (let i = 0; i < entries.length; i += INSERT_SLICE)
    chunks.push(JSON.stringify(entries.slice(i, i + INSERT_SLICE)));
  return { ok: true, chunks, entries: entries.length };
}

/** Newest first, at most keepItems, none older than the retention (or it would come back after each prune). */
export function keepable<T extends Pick<RawEntry, 'publishedAt'>>(entries: T[], cutoff: string): T[] {
  const dated = entries.map((e, i) => ({ e, i })).filter(({ e }) => !e.publishedAt || e.publishedAt > cutoff);
  dated.sort((a, b) => (b.e.publishedAt ?? '').localeCompare(a.e.publishedAt ?? '') || a.i - b.i);
  return dated.slice(0, WIRES.keepItems).map(({ e }) => e);
}

/** The wires reader's parse thread's task (idle-parse.ts), served by the reader's own entry (heavy-worker.ts). */
export const FEED_PARSE_TASKS = { 'wires.parse': parseFeedBody };

export type FeedParseTasks = typeof FEED_PARSE_TASKS;
