import {
  DEFAULT_NOTIFICATION_PREFERENCES,
  mergePreferences,
  notificationPreferencesSchema,
  type NotificationPreferences,
  type UpdateNotificationPreferences,
} from '../../../shared/contracts/notification-preferences';
import type { NotificationFlags } from '../../../shared/notification-rules';
import { can } from '../../../shared/roles';
import type { AppContext } from '../../context';
import type { Actor } from '../../lib/auth';
import { forbidden, notFound } from '../../lib/errors';
import { parse } from '../../lib/validate';
import type { ActivityLogsService } from '../activity-logs/activity-logs.service';
import type { NotificationFlagsReader } from '../notifications/notification-flags';
import { NotificationPreferencesRepo } from './notification-preferences.repo';

type Caller = Pick<Actor, 'userId' | 'companyId' | 'role' | 'roletype'>;

/**
 * Per-user notification preferences (spec 001 §3). A user reads and writes their own; owner and
 * admin (users.manage) those of anyone in their company. Another company's user is "not found".
 */
export class NotificationPreferencesService implements NotificationFlagsReader {
  private readonly repo: NotificationPreferencesRepo;

  constructor(
    private readonly ctx: AppContext,
    private readonly activity: ActivityLogsService,
  ) {
    this.repo = new NotificationPreferencesRepo(ctx.db);
  }

  get(actor: Caller, userId: number): NotificationPreferences {
    this.authorize(actor, userId);
    return this.forUser(actor.companyId, userId);
  }

  update(actor: Caller, userId: number, update: UpdateNotificationPreferences): NotificationPreferences {
    // Read, merge and write in one transaction: two saves at once never lose each other's groups.
    return this.ctx.db.transaction((tx) => {
      const user = this.authorize(actor, userId, new NotificationPreferencesRepo(tx));
      const repo = new NotificationPreferencesRepo(tx);
      const merged = parse(notificationPreferencesSchema, mergePreferences(this.forUser(actor.companyId, userId, repo), update));
      repo.save({ userId, companyId: actor.companyId, preferences: merged, updatedAt: this.ctx.clock.now().toISOString(), updatedBy: actor.userId });
      const whose = userId === actor.userId ? 'own' : `${user.username}'s`;
      this.activity.record(actor, 'notification_preferences_updated', `Updated ${whose} notification preferences`, tx);
      return merged;
    });
  }

  /** The saved preferences laid over the defaults; a row that no longer parses falls back to them. */
  forUser(companyId: number, userId: number, repo = this.repo): NotificationPreferences {
    const row = repo.find(companyId, userId);
    if (!row) return DEFAULT_NOTIFICATION_PREFERENCES;
    const parsed = notificationPreferencesSchema.safeParse(mergePreferences(DEFAULT_NOTIFICATION_PREFERENCES, row.preferences));
    return parsed.success ? parsed.data : DEFAULT_NOTIFICATION_PREFERENCES;
  }

  /** The bell's three switches (spec 000 §3), plus which approval counts the user wants. */
  flags(companyId: number, userId: number): NotificationFlags {
    const p = this.forUser(companyId, userId);
    return {
      breakingNews: p.breakingNews.enabled,
      equipmentOverdue: p.equipmentOverdue.enabled,
      equipmentApproval: p.equipmentApproval.enabled,
      includeRequests: p.equipmentApproval.includeRequests,
      includeReturns: p.equipmentApproval.includeReturns,
    };
  }

  private authorize(actor: Caller, userId: number, repo = this.repo): { username: string } {
    const user = repo.findUser(actor.companyId, userId);
    if (!user) throw notFound('User');
    if (userId !== actor.userId && !can(actor, 'users.manage')) throw forbidden('You can only view and change your own notification preferences');
    return user;
  }
}
