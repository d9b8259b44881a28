import { z } from 'zod';
import {
  NEWS_DEFAULT_CATEGORY,
  NEWS_LIMITS,
  NEWS_MAX_PAGE_SIZE,
  NEWS_PRIORITIES,
  NEWS_RETURN_REASON_MAX,
  NEWS_STATUSES,
} from '../constants';
import { decimalInt, expectedVersionSchema, requiredText } from './common';

export const newsStatusSchema = z.enum(NEWS_STATUSES);
export const newsPrioritySchema = z.enum(NEWS_PRIORITIES, { error: 'Priority must be normal, breaking or urgent' });
export type NewsStatus = z.infer<typeof newsStatusSchema>;
export type NewsPriority = z.infer<typeof newsPrioritySchema>;

export const newsSchema = z.object({
  id: z.number(),
  title: z.string(),
  subtitle: z.string().nullable(),
  content: z.string(),
  category: z.string(),
  status: newsStatusSchema,
  priority: newsPrioritySchema,
  isExpired: z.boolean(),
  expiryStatus: z.enum(['active', 'expired', 'extended']),
  isDeleted: z.boolean(),
  deletedBy: z.number().nullable(),
  deletedAt: z.string().nullable(),
  scheduledForDeletion: z.string().nullable(),
  companyId: z.number(),
  createdBy: z.number().nullable(),
  approvedBy: z.number().nullable(),
  approvedAt: z.string().nullable(),
  publishedBy: z.number().nullable(),
  publishedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** +1 on every change; a save sends the version it started from (issue 26). */
  version: z.number(),
  createdByName: z.string().nullable(),
  approvedByName: z.string().nullable(),
  publishedByName: z.string().nullable(),
  /** Sent back to its writer (issue 26): rejected as a draft, or taken back from approved. */
  returnReason: z.string().nullable(),
  returnKind: z.enum(['rejected', 'unapproved']).nullable(),
  returnedBy: z.number().nullable(),
  returnedByName: z.string().nullable(),
  returnedAt: z.string().nullable(),
  /** Submitted for approval (issue 39): when and by whom; null until submitted, cleared when sent back. */
  submittedAt: z.string().nullable(),
  submittedBy: z.number().nullable(),
  submittedByName: z.string().nullable(),
});
export type News = z.infer<typeof newsSchema>;

/**
 * GET /api/news/approval-rule (issue 39): whether the station wants a second person to approve.
 * On: nobody approves a story they wrote — owners included (docs/decisions.md).
 */
export const newsApprovalRuleSchema = z.object({ secondApprover: z.boolean() });
export type NewsApprovalRule = z.infer<typeof newsApprovalRuleSchema>;

export const NEWS_RETURN_KINDS = ['rejected', 'unapproved'] as const;
export type NewsReturnKind = (typeof NEWS_RETURN_KINDS)[number];

/** Line breaks are fine in a reason (the writer reads it); other control characters are not. */
// eslint-disable-next-line no-control-regex
const REASON_CONTROL = /[\u0000-\u0009\u000B\u000C\u000E-\u001F\u007F]/;

/**
 * POST /api/news/:id/reject and /unapprove: the reason the writer reads. confirmOnAir: the editor
 * saw that the story is in a bulletin on air and takes it back anyway.
 */
export const sendBackNewsSchema = z.object({
  reason: requiredText('A reason is required', NEWS_RETURN_REASON_MAX).refine(
    (v) => !REASON_CONTROL.test(v),
    'The reason must not contain control characters',
  ),
  confirmOnAir: z.boolean().optional(),
});
export type SendBackNewsInput = z.input<typeof sendBackNewsSchema>;

/** 409 of /unapprove when the story is in a bulletin on air and confirmOnAir was not sent. */
export interface OnAirStoryConflict {
  message: string;
  onAirBulletins: Array<{ id: number; title: string; status: string }>;
}

const subtitle = z
  .string()
  .trim()
  .max(NEWS_LIMITS.subtitle, `Subtitle must be at most ${NEWS_LIMITS.subtitle} characters`)
  .nullish()
  .transform((v) => (v ? v : null));
const category = z
  .string()
  .trim()
  .max(NEWS_LIMITS.category, `Category must be at most ${NEWS_LIMITS.category} characters`)
  .nullish()
  .transform((v) => v || NEWS_DEFAULT_CATEGORY);

/** The news form (docs/product.md §Validation). companyId, createdBy and status are accepted and ignored. */
export const createNewsSchema = z.object({
  title: requiredText('Title is required', NEWS_LIMITS.title),
  subtitle,
  content: requiredText('Content is required', NEWS_LIMITS.content),
  category,
  priority: newsPrioritySchema.default('normal'),
  companyId: z.unknown().optional(),
  createdBy: z.unknown().optional(),
  status: z.unknown().optional(),
});
export type CreateNewsInput = z.input<typeof createNewsSchema>;

export const updateNewsSchema = z.object({
  title: requiredText('Title is required', NEWS_LIMITS.title).optional(),
  // A subtitle left out stays as it is; null or '' clears it (it used to clear on any partial save).
  subtitle: subtitle.optional(),
  content: requiredText('Content is required', NEWS_LIMITS.content).optional(),
  category: category.optional(),
  priority: newsPrioritySchema.optional(),
  version: expectedVersionSchema,
  companyId: z.unknown().optional(),
});
export type UpdateNewsInput = z.input<typeof updateNewsSchema>;

/** Optional paging of GET /api/news; without `page` the answer is the spec's plain array. */
/** List filter: a status, or 'on_air' = approved + published (issue 39, shared/news-on-air.ts). */
export const newsListStatusSchema = z.enum([...NEWS_STATUSES, 'on_air']);
export type NewsListStatus = z.infer<typeof newsListStatusSchema>;

export const newsListQuerySchema = z.object({
  status: newsListStatusSchema.optional(),
  page: decimalInt('page').pipe(z.number().int().min(1)).optional(),
  limit: decimalInt('limit').pipe(z.number().int().min(1).max(NEWS_MAX_PAGE_SIZE)).default(20),
});

export const newsPageSchema = z.object({
  items: z.array(newsSchema),
  total: z.number(),
  page: z.number(),
  limit: z.number(),
});
export type NewsPage = z.infer<typeof newsPageSchema>;

export const deletedNewsSchema = newsSchema
  .pick({
    id: true,
    title: true,
    subtitle: true,
    content: true,
    priority: true,
    deletedAt: true,
    scheduledForDeletion: true,
    /** Issue 39: who deleted it (the spec's deletedBy) and the status it had. */
    deletedBy: true,
    status: true,
  })
  .extend({ deletedByName: z.string().nullable() });
export type DeletedNews = z.infer<typeof deletedNewsSchema>;

export const cleanupResponseSchema = z.object({ deletedCount: z.number() });

/** One saved text of a story (issue 26: revision history), newest first in the list. */
export const newsRevisionSchema = z.object({
  id: z.number(),
  newsId: z.number(),
  version: z.number(),
  action: z.enum(['created', 'updated', 'restored']),
  /** For a restore: the revision it brought back. */
  restoredFrom: z.number().nullable(),
  title: z.string(),
  subtitle: z.string().nullable(),
  content: z.string(),
  category: z.string(),
  priority: newsPrioritySchema,
  savedBy: z.number().nullable(),
  savedByName: z.string().nullable(),
  savedAt: z.string(),
});
export type NewsRevision = z.infer<typeof newsRevisionSchema>;

/** POST /api/news/:id/revisions/:revisionId/restore: the story's version the restore starts from. */
export const restoreRevisionSchema = z.object({ version: expectedVersionSchema });
export const revisionParamsSchema = z.object({
  id: decimalInt('id').pipe(z.number().int().positive('id must be a positive integer')),
  revisionId: decimalInt('revisionId').pipe(z.number().int().positive('revisionId must be a positive integer')),
});
