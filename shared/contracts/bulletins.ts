import { z } from 'zod';
import {
  BULLETIN_BREAK_TYPES,
  BULLETIN_DEFAULT_DURATION,
  BULLETIN_ITEM_TYPES,
  BULLETIN_LIMITS,
  BULLETIN_STATUSES,
} from '../constants';
import { expectedVersionSchema, requiredText } from './common';

export const bulletinItemSchema = z.object({
  id: z.number(),
  type: z.enum(BULLETIN_ITEM_TYPES),
  sortOrder: z.number(),
  newsId: z.number().nullable(),
  /** For news items: the article's current title, status and category (null when gone). */
  newsTitle: z.string().nullable(),
  newsSubtitle: z.string().nullable(),
  newsStatus: z.string().nullable(),
  newsCategory: z.string().nullable(),
  breakType: z.string().nullable(),
  /** A news item whose article was deleted (soft or hard): shown as "(article removed)", never sent to CG. */
  articleRemoved: z.boolean(),
  /** Planned running time in seconds: the entered value, else the estimate (see durationEstimated). */
  durationSeconds: z.number(),
  /** True when durationSeconds is our estimate (news: words at BULLETIN_READING_WORDS_PER_SECOND). */
  durationEstimated: z.boolean(),
});
export type BulletinItem = z.infer<typeof bulletinItemSchema>;

export const bulletinSchema = z.object({
  id: z.number(),
  title: z.string(),
  titleDhivehi: z.string().nullable(),
  content: z.string(),
  contentDhivehi: z.string().nullable(),
  scheduledTime: z.string(),
  broadcastTime: z.string(),
  duration: z.number(),
  status: z.enum(BULLETIN_STATUSES),
  priority: z.string(),
  category: z.string(),
  isLive: z.boolean(),
  companyId: z.number(),
  bulletinItems: z.array(bulletinItemSchema),
  newsItems: z.array(z.object({ newsId: z.number(), sortOrder: z.number() })),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** +1 on every change, item order included; a save sends the version it started from (issue 26). */
  version: z.number(),
  createdByName: z.string().nullable(),
  updatedByName: z.string().nullable(),
  createdBy: z.number().nullable(),
  updatedBy: z.number().nullable(),
  /** Sum of the items' durationSeconds. */
  plannedSeconds: z.number(),
  /** plannedSeconds minus the slot (duration minutes × 60): positive = over, negative = under. */
  overUnderSeconds: z.number(),
});
export type Bulletin = z.infer<typeof bulletinSchema>;

export const bulletinItemInputSchema = z
  .object({
    type: z.enum(BULLETIN_ITEM_TYPES, { error: 'Item type must be news, headline or break' }),
    newsId: z.number().int().positive().max(Number.MAX_SAFE_INTEGER).nullish(),
    breakType: z
      .enum(BULLETIN_BREAK_TYPES, { error: `Break type must be one of ${BULLETIN_BREAK_TYPES.join(', ')}` })
      .nullish(),
    /** Accepted and ignored: the order of the array is the running order. */
    sortOrder: z.unknown().optional(),
    durationSeconds: z
      .number({ error: 'Item duration must be a number of seconds' })
      .int('Item duration must be whole seconds')
      .min(1, 'Item duration must be at least 1 second')
      .max(BULLETIN_LIMITS.itemSeconds, `Item duration must be at most ${BULLETIN_LIMITS.itemSeconds} seconds`)
      .nullish(),
  })
  .superRefine((item, ctx) => {
    if (item.type === 'news' && !item.newsId)
      ctx.addIssue({ code: 'custom', path: ['newsId'], message: 'A news item needs an article' });
    if (item.type === 'break' && !item.breakType)
      ctx.addIssue({ code: 'custom', path: ['breakType'], message: 'A break needs a break type' });
  });
export type BulletinItemInput = z.output<typeof bulletinItemInputSchema>;

const duration = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v),
  z
    .number({ error: 'Duration is required' })
    .int('Duration is required')
    .min(1, 'Duration is required')
    .max(BULLETIN_LIMITS.durationMinutes, `Duration must be at most ${BULLETIN_LIMITS.durationMinutes} minutes`),
);

const scheduledTime = z
  .string({ error: 'Scheduled time is required' })
  .trim()
  .min(1, 'Scheduled time is required')
  .refine((v) => !Number.isNaN(Date.parse(v)), 'Scheduled time must be a date and time')
  .transform((v) => new Date(v).toISOString());

/**
 * The bulletin form (docs/product.md §Validation, §API). Messages are the spec's, verbatim. companyId, createdBy,
 * content and status are accepted and ignored: the session is the authority, content is always
 * 'Bulletin for {broadcastTime}', new bulletins are draft and edit keeps the status.
 */
export const createBulletinSchema = z.object({
  title: requiredText('Title is required', BULLETIN_LIMITS.title),
  broadcastTime: requiredText('Broadcast time is required', BULLETIN_LIMITS.broadcastTime),
  duration: duration.default(BULLETIN_DEFAULT_DURATION),
  scheduledTime,
  bulletinItems: z
    .array(bulletinItemInputSchema, { error: 'Please add at least one item to the bulletin' })
    .min(1, 'Please add at least one item to the bulletin')
    .max(BULLETIN_LIMITS.items, `A bulletin holds at most ${BULLETIN_LIMITS.items} items`),
  content: z.unknown().optional(),
  status: z.unknown().optional(),
  companyId: z.unknown().optional(),
  createdBy: z.unknown().optional(),
});
export type CreateBulletin = z.output<typeof createBulletinSchema>;
/**
 * PUT is the whole form again; its item list replaces the old one in one transaction. Reordering
 * is such a save too, so `version` guards the running order: two producers reordering from one
 * version get one 200 and one 409 (issue 26).
 */
export const updateBulletinSchema = createBulletinSchema.extend({ version: expectedVersionSchema });
export type UpdateBulletin = z.output<typeof updateBulletinSchema>;
