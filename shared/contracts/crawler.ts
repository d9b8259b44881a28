import { z } from 'zod';
import { CRAWLER_HEADLINE_MAX, CRAWLER_MAX_HEADLINES } from '../constants';

/** `staged`: take mode holds this list in Next (issue 25) — it is the list the desk edits, not yet on air. */
export const crawlerContentSchema = z.object({
  headlines: z.array(z.string()),
  count: z.number(),
  staged: z.boolean().optional(),
});
export type CrawlerContent = z.infer<typeof crawlerContentSchema>;

/** One ticker line: not blank, no line break (the file holds one headline per line). */
export const headlineSchema = z
  .string({ error: 'Headline is required' })
  .trim()
  .min(1, 'Headline is required')
  .max(CRAWLER_HEADLINE_MAX, `Headline must be at most ${CRAWLER_HEADLINE_MAX} characters`)
  .refine((v) => !/[\r\n]/.test(v), 'A headline must be a single line');

const index = z
  .number({ error: 'index must be a number' })
  .int('index must be a whole number')
  .min(0, 'index must be 0 or more');

export const addHeadlineSchema = z.object({ headline: headlineSchema });
export const removeHeadlineSchema = z.object({ index });
export const editHeadlineSchema = z.object({ index, headline: headlineSchema });
export const reorderHeadlinesSchema = z.object({
  headlines: z
    .array(z.string().max(CRAWLER_HEADLINE_MAX), { error: 'headlines must be a list' })
    .max(CRAWLER_MAX_HEADLINES),
  /**
   * Our addition: the list as the client saw it before dragging. When given, a reorder built on
   * a list that has changed since (even only in order) is refused with 409 instead of winning.
   */
  basedOn: z.array(z.string().max(CRAWLER_HEADLINE_MAX)).max(CRAWLER_MAX_HEADLINES).optional(),
});

/** Every mutation answers with the new content; generate adds how many articles it used. */
export const crawlerMutationResponseSchema = crawlerContentSchema.extend({ success: z.literal(true) });
export const crawlerGenerateResponseSchema = crawlerMutationResponseSchema.extend({ newsCount: z.number() });
export type CrawlerGenerateResponse = z.infer<typeof crawlerGenerateResponseSchema>;
