import { z } from 'zod';
import { ACTIVITY_PAGE_SIZE } from '../constants';
import { decimalInt } from './common';

export const activityLogSchema = z.object({
  id: z.number(),
  userId: z.number().nullable(),
  username: z.string().nullable(),
  action: z.string(),
  details: z.string().nullable(),
  companyId: z.number(),
  createdAt: z.string(),
  /** The spec also reads the time as `timestamp`. */
  timestamp: z.string(),
  /** The story revision this entry saved (issue 26), while the story exists. */
  revision: z.object({ newsId: z.number(), revisionId: z.number() }).nullable(),
});
export type RevisionLink = { newsId: number; revisionId: number };
export type ActivityLog = z.infer<typeof activityLogSchema>;

export const activityListQuerySchema = z.object({
  page: decimalInt('page').pipe(z.number().int().min(1)).default(1),
  limit: decimalInt('limit').pipe(z.number().int().min(1).max(500)).default(ACTIVITY_PAGE_SIZE),
});

/** Action names (docs/product.md §Data plus the news/user ones we log) → the badge the list shows. */
export const ACTIVITY_BADGES: Record<string, string> = {
  equipment_checked_out: 'Checked Out',
  equipment_returned: 'Returned',
  equipment_request_approved: 'Approved',
  equipment_request_rejected: 'Rejected',
  news_created: 'Created',
  news_updated: 'Updated',
  news_approved: 'Approved',
  news_published: 'Published',
  news_deleted: 'Deleted',
  news_restored: 'Restored',
  news_purged: 'Purged',
  cg_file_created: 'Created',
  cg_file_updated: 'Updated',
  cg_file_adopted: 'Adopted',
  emergency_override: 'Emergency',
  emergency_ended: 'Ended',
  cg_next_taken: 'Took Next',
  user_created: 'Created',
  user_updated: 'Updated',
  user_deleted: 'Deleted',
  bulletin_created: 'Created',
  bulletin_updated: 'Updated',
  bulletin_deleted: 'Deleted',
};
