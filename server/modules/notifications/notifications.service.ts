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
  private readonly repo: NotificationsRepo;

  constructor(
    private readonly ctx: AppContext,
    private readonly preferences: NotificationFlagsReader,
    /** The off-PC backup copy is late, for the host station (BackupsService.lateOffsite). */
    private readonly backupLate: (companyId: number) => BackupLateCandidate | null = () => null,
  ) {
    this.repo = new NotificationsRepo(ctx.db);
  }

  list(viewer: Viewer): NotificationsResponse {
    const now = this.ctx.clock.now();
    const { companyId } = viewer;
    const flags = this.preferences.flags(companyId, viewer.userId);
    // Skip the reads whose results the rules would drop anyway.
    const approver = flags.equipmentApproval && APPROVAL_ROLES.includes(viewer.role);
    const all = buildNotifications({
      news: flags.breakingNews
        ? this.repo.breakingNews(companyId, new Date(now.getTime() - BREAKING_NEWS_WINDOW_MS).toISOString())
        : [],
      loans: flags.equipmentOverdue ? this.repo.activeLoans(companyId) : [],
      pendingRequests: approver ? this.repo.countRequests(companyId, 'pending') : 0,
      pendingReturns: approver ? this.repo.countRequests(companyId, 'return_requested') : 0,
      returned: this.repo.returnedStories(companyId, viewer.userId),
      submitted: can(viewer, 'news.manage') ? this.repo.submittedStories(companyId, viewer.userId) : [],
      backupLate: viewer.role === 'owner' ? this.backupLate(companyId) : null,
      deleted: DELETION_WATCH_ROLES.includes(viewer.role)
        ? this.repo.deletedOnAirStories(companyId, viewer.userId, now.toISOString())
        : [],
      role: viewer.role,
      flags,
      now,
    });
    return { total: all.length, items: all.slice(0, NOTIFICATIONS_MAX_ITEMS) };
  }
}
