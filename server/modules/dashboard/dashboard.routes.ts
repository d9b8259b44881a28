import { Router } from 'express';
import type { DashboardStats } from '../../../shared/contracts/dashboard';
import { actorOf } from '../../lib/auth';
import type { EquipmentRequestsService } from '../equipment-requests/equipment-requests.service';
import type { NewsService } from '../news/news.service';

/** Who is connected right now; the live hub answers. */
export interface Presence {
  onlineUsers(companyId: number): number;
  onlineMcr(companyId: number): number;
}

/** GET /api/dashboard/stats — counts for the dashboard tiles. */
export function dashboardRouter(
  news: Pick<NewsService, 'count'>,
  presence: Presence,
  loans: Pick<EquipmentRequestsService, 'countOut'>,
): Router {
  const router = Router();
  router.get('/stats', async (req, res) => {
    const { companyId } = actorOf(req);
    // Counts come from the news service's cache (kept per change): a count(*) over 100k rows is ms.
    const [draft, approved, published, out] = await Promise.all([
      news.count(companyId, 'draft'),
      news.count(companyId, 'approved'),
      news.count(companyId, 'published'),
      loans.countOut(companyId),
    ]);
    const stats: DashboardStats = {
      // Units out of the building: checked out and not yet returned (also while a return or an extension waits).
      equipment: { out },
      news: { total: draft + approved, draft, approved, published },
      users: { online: presence.onlineUsers(companyId), onlineMcr: presence.onlineMcr(companyId) },
    };
    res.json(stats);
  });
  return router;
}
