import { z } from 'zod';
import { decimalInt, requiredText } from './common';

/**
 * Wires (issue 26): RSS / Atom / JSON feeds a station follows. Items are plain text and never go
 * to air by themselves: "Make a story" turns one into a news draft that takes the normal workflow.
 * Decisions: docs/decisions.md "Issue 26 — wires".
 */
export const WIRES = {
  /** How often the poller looks for feeds that are due. */
  tickMs: 15_000,
  /** A healthy feed is asked again after this long. */
  pollEveryMs: 5 * 60_000,
  /** After an error: base × 2^(failures − 1), capped (exponential backoff). */
  backoffBaseMs: 2 * 60_000,
  backoffMaxMs: 2 * 60 * 60_000,
  /** The server's heavy worker was too busy to read a fetched feed: tried again this much later (no backoff). */
  busyRetryMs: 60_000,
  /** A body over this is refused while streaming (reading stops there). */
  maxBodyBytes: 5 * 1024 * 1024,
  /** Feeds polled at once per tick; the rest wait for the next tick. */
  feedsPerTick: 4,
  /** "Poll now" per station (issue 37): this many at once, then this many a minute (429 past it); WIRES_MANUAL_POLLS_PER_MINUTE. */
  manualPollsPerMinute: 10,
  /** Per feed: the newest this many items are kept, none older than keepDays. */
  keepItems: 500,
  keepDays: 30,
  summaryMax: 2000,
  titleMax: 300,
  pageSize: 50,
} as const;

export const WIRE_LIMITS = { name: 100, url: 2000, search: 200 } as const;

/** True when the URL names a user or password (`http://user:pass@host/`). */
const hasCredentials = (v: string): boolean => URL.canParse(v) && Boolean(new URL(v).username || new URL(v).password);

/**
 * Credentials in a feed URL are refused (issue 37): such a feed was saved but could never be read
 * (the reader refuses them too), and a login in a URL is a way to probe services that ask for one.
 * An agency key goes in the query string.
 * Which hosts may be read is the server's policy, checked when the feed is saved and at each read
 * (server/modules/wires/wires.address.ts).
 */
const feedUrl = z
  .string({ error: 'URL is required' })
  .trim()
  .min(1, 'URL is required')
  .max(WIRE_LIMITS.url, `URL must be at most ${WIRE_LIMITS.url} characters`)
  .refine((v) => /^https?:\/\/[^\s]+$/i.test(v) && URL.canParse(v), 'URL must start with http:// or https://')
  .refine(
    (v) => !hasCredentials(v),
    'URL must not contain a user name or password (put an agency key in the query string, e.g. ?key=…)',
  );

export const wireFeedInputSchema = z.object({
  name: requiredText('Name is required', WIRE_LIMITS.name),
  url: feedUrl,
  enabled: z.boolean().default(true),
});
export type WireFeedInput = z.input<typeof wireFeedInputSchema>;

export const wireFeedSchema = z.object({
  id: z.number(),
  name: z.string(),
  url: z.string(),
  enabled: z.boolean(),
  /** Items of this feed kept now. */
  itemCount: z.number(),
  lastPolledAt: z.string().nullable(),
  lastSuccessAt: z.string().nullable(),
  /** Why the last poll failed (null after a good one). */
  lastError: z.string().nullable(),
  /** Failures in a row: the backoff grows with it. */
  failures: z.number(),
  nextPollAt: z.string().nullable(),
  createdAt: z.string(),
});
export type WireFeed = z.infer<typeof wireFeedSchema>;

export const wireItemSchema = z.object({
  id: z.number(),
  feedId: z.number(),
  /** The feed's name (the item's source). */
  source: z.string(),
  title: z.string(),
  summary: z.string(),
  link: z.string().nullable(),
  /** When the feed says it was published (or when we first saw it). */
  publishedAt: z.string(),
  /** The news draft made from it, if any. */
  newsId: z.number().nullable(),
});
export type WireItem = z.infer<typeof wireItemSchema>;

export const wireItemPageSchema = z.object({
  items: z.array(wireItemSchema),
  total: z.number(),
  page: z.number(),
  limit: z.number(),
});
export type WireItemPage = z.infer<typeof wireItemPageSchema>;

export const wireListQuerySchema = z.object({
  search: z
    .string()
    .trim()
    .max(WIRE_LIMITS.search, `Search must be at most ${WIRE_LIMITS.search} characters`)
    .optional(),
  feedId: decimalInt('feedId').optional(),
  page: decimalInt('page').pipe(z.number().int().min(1)).default(1),
});

/** The source a news draft was made from (kept after the wire item itself is pruned). */
export const wireSourceSchema = z.object({
  newsId: z.number(),
  wireItemId: z.number().nullable(),
  source: z.string(),
  title: z.string(),
  link: z.string().nullable(),
  createdAt: z.string(),
});
export type WireSource = z.infer<typeof wireSourceSchema>;

export const makeStoryResultSchema = z.object({ newsId: z.number(), created: z.boolean() });
export type MakeStoryResult = z.infer<typeof makeStoryResultSchema>;
