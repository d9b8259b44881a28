import { z } from 'zod';

/** GET /api/dashboard/stats (docs/product.md §Data Dashboard stats, with the parts behind them). */
export const dashboardStatsSchema = z.object({
  equipment: z.object({ out: z.number() }),
  /** total = the queue: live articles not yet published (drafts + approved). */
  news: z.object({ total: z.number(), draft: z.number(), approved: z.number(), published: z.number() }),
  /** online = distinct users of the company with a live connection now; onlineMcr = those with role mcr. */
  users: z.object({ online: z.number(), onlineMcr: z.number() }),
});
export type DashboardStats = z.infer<typeof dashboardStatsSchema>;
