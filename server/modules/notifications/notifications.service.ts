import { can } from '../../../shared/roles';
import type { AppContext } from '../../context';
import type { Actor } from '../../lib/auth';
import { NOTIFICATIONS_MAX_ITEMS, type NotificationsResponse } from '../../../shared/contracts/notifications';
import {
  APPROVAL_ROLES,
  BREAKING_NEWS_WINDOW_MS,
  buildNotifications,
  DELETION_WATCH_ROLES,
  type BackupLateCandidate,
} from '../../../shared/notification-rules';
import type { NotificationFlagsReader } from './notification-flags';
import { NotificationsRepo } from './notifications.repo';

type Viewer = Pick<Actor, 'userId' | 'companyId' | 'role' | 'roletype'>;

/** The bell (docs/product.md §Limits): company-scoped reads, then the shared rules for this viewer. */
export class NotificationsService {
  constructor(
    private readonly ctx: AppContext,
    private readonly preferences: NotificationFlagsReader,
    /** The off-PC backup copy is late, for the host station (BackupsService.lateOffsite). */
    private readonly backupLate: (companyId: number) => Promise<BackupLateCandidate | null> = () =>
      Promise.resolve(null),
  ) {}

  async list(viewer: Viewer): Promise<NotificationsResponse> {
    const now = this.ctx.clock.now();
    const { companyId } = viewer;
    const flags = await this.preferences.flags(companyId, viewer.userId);
    // Skip the reads whose results the rules would drop anyway.
    const approver = flags.equipmentApproval && APPROVAL_ROLES.includes(viewer.role);
    const found = await this.ctx.store.read(async (q) => {
      const repo = new NotificationsRepo(q);
      return {
        news: flags.breakingNews
          ? await repo.breakingNews(companyId, new Date(now.getTime() - BREAKING_NEWS_WINDOW_MS).toISOString())
          : [],
        loans: flags.equipmentOverdue ? await repo.activeLoans(companyId) : [],
        pendingRequests: approver ? await repo.countRequests(companyId, 'pending') : 0,
        pendingReturns: approver ? await repo.countRequests(companyId, 'return_requested') : 0,
        returned: await repo.returnedStories(companyId, viewer.userId),
        submitted: can(viewer, 'news.manage') ? await repo.submittedStories(companyId, viewer.userId) : [],
        deleted: DELETION_WATCH_ROLES.includes(viewer.role)
          ? await repo.deletedOnAirStories(companyId, viewer.userId, now.toISOString())
          : [],
      };
    });
    const all = buildNotifications({
      ...found,
      backupLate: viewer.role === 'owner' ? await this.backupLate(companyId) : null,
      role: viewer.role,
      flags,
      now,
    });
    return { total: all.length, items: all.slice(0, NOTIFICATIONS_MAX_ITEMS) };
  }
}
