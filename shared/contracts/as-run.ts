import { z } from 'zod';
import { decimalInt } from './common';

/**
 * The as-run log (issue 25): every change that reached each output. Constants live here, not in
 * shared/constants.ts, so the feature stays in one file for server and renderer.
 */
export const AS_RUN_SOURCES = ['web', 'phone', 'telegram', 'prompter', 'api_key', 'system'] as const;
export type AsRunSource = (typeof AS_RUN_SOURCES)[number];
export const AS_RUN_RESULTS = ['ok', 'error', 'timeout', 'skipped'] as const;

export const AS_RUN_PAGE_SIZE = 50;
export const AS_RUN_MAX_PAGE_SIZE = 500;
/** Kept this long unless the station says otherwise (issue 25: "Kept 90 days (setting)"). */
export const AS_RUN_DEFAULT_RETENTION_DAYS = 90;
export const AS_RUN_RETENTION_LIMITS = { min: 1, max: 3650 } as const;

/** A moment as ISO-8601 (with a zone, e.g. 2026-11-27T00:00:00.000Z), normalised to UTC with ms. */
const moment = (name: string) =>
  z.iso
    .datetime({ offset: true, error: `${name} must be an ISO date-time such as 2026-11-27T00:00:00Z` })
    .transform((s) => new Date(s).toISOString());

/** GET /api/as-run and /api/as-run/export.csv: the same filters; `before` is the keyset cursor. */
/** A keyset cursor: the last row's time and id. */
const AS_RUN_CURSOR = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z~\d{1,15}$/;

export const asRunFilterSchema = z.object({
  /** Inclusive. */
  from: moment('from').optional(),
  /** Exclusive. */
  to: moment('to').optional(),
  type: z.string({ error: 'type must be text' }).trim().min(1).max(64, 'type must be at most 64 characters').optional(),
  userId: decimalInt('userId').pipe(z.number().int().positive('userId must be positive')).optional(),
  output: z
    .string({ error: 'output must be text' })
    .trim()
    .min(1)
    .max(100, 'output must be at most 100 characters')
    .optional(),
  source: z.enum(AS_RUN_SOURCES, { error: `source must be one of ${AS_RUN_SOURCES.join(', ')}` }).optional(),
});
export type AsRunFilter = z.output<typeof asRunFilterSchema>;

export const asRunListQuerySchema = asRunFilterSchema.extend({
  /** Rows older than this (the previous page's nextCursor: "<at>~<id>"). */
  before: z
    .string({ error: 'before must be a cursor from the previous page' })
    .regex(AS_RUN_CURSOR, 'before must be a cursor from the previous page')
    .transform((c) => {
      const [at = '', id = '0'] = c.split('~');
      return { at, id: Number(id) };
    })
    .optional(),
  limit: decimalInt('limit')
    .pipe(
      z
        .number()
        .int()
        .min(1, 'limit must be at least 1')
        .max(AS_RUN_MAX_PAGE_SIZE, `limit must be at most ${AS_RUN_MAX_PAGE_SIZE}`),
    )
    .default(AS_RUN_PAGE_SIZE),
});
export type AsRunListQuery = z.input<typeof asRunListQuerySchema>;

export const asRunEntrySchema = z.object({
  id: z.number(),
  at: z.string(),
  seq: z.number(),
  userId: z.number().nullable(),
  /** The user's name while the user exists; null for the system or a removed user. */
  userName: z.string().nullable(),
  /** The API key that made the change, by name and prefix at the time; null for people and the system. */
  apiKey: z.string().nullable(),
  source: z.string(),
  action: z.string(),
  type: z.string(),
  text: z.string(),
  output: z.string(),
  result: z.string(),
  message: z.string().nullable(),
});
export type AsRunEntry = z.infer<typeof asRunEntrySchema>;

export const asRunPageSchema = z.object({
  entries: z.array(asRunEntrySchema),
  /** Pass as `before` for the next (older) page; null at the end. */
  nextCursor: z.string().nullable(),
});
export type AsRunPage = z.infer<typeof asRunPageSchema>;

/** The CSV's columns, in order (the export's header row). */
export const AS_RUN_CSV_COLUMNS = [
  'time',
  'seq',
  'user',
  'source',
  'action',
  'type',
  'text',
  'output',
  'result',
  'message',
] as const;

/**
 * The header the web UI sends on writes from the phone page ('phone') and the prompter
 * ('prompter'). Client-trusted: it only labels the as-run log's source, it grants nothing; a
 * session can never claim 'telegram', 'api_key' or 'system' with it (server/modules/as-run/air-source.ts).
 */
export const AIR_SOURCE_HEADER = 'X-CGB-Source';
export const CLIENT_AIR_SOURCES = ['web', 'phone', 'prompter'] as const satisfies readonly AsRunSource[];
