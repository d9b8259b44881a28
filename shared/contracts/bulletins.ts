import { z } from 'zod';
import { BULLETIN_BREAK_TYPES, BULLETIN_ITEM_TYPES, BULLETIN_STATUSES } from '../constants';

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
  createdByName: z.string().nullable(),
  updatedByName: z.string().nullable(),
});
export type Bulletin = z.infer<typeof bulletinSchema>;

export const bulletinItemInputSchema = z.object({
  type: z.enum(BULLETIN_ITEM_TYPES),
  newsId: z.number().int().positive().nullish(),
  breakType: z.enum(BULLETIN_BREAK_TYPES).nullish(),
  sortOrder: z.number().int().optional(),
});
