import {
  APPROVALS_UNAVAILABLE,
  DEFAULT_NOTIFICATION_PREFERENCES,
  mergePreferences,
  notificationPreferencesSchema,
  unavailableGroups,
  type NotificationPreferences,
  type UpdateNotificationPreferences,
} from '../../../shared/contracts/notification-preferences';
import type { NotificationFlags } from '../../../shared/notification-rules';
import { can, type Role } from '../../../shared/roles';
import type { AppContext } from '../../context';
import type { Q } from '../../db/store';
import type { Actor } from '../../lib/auth';
import { badRequest, forbidden, notFound } from '../../lib/errors';
import { parse } from '../../lib/validate';
import type { ActivityLogsService } from '../activity-logs/activity-logs.service';
import type { NotificationFlagsReader } from '../notifications/notification-flags';
import { StationTimeZones } from '../settings/settings-time-zone';
import { NotificationPreferencesRepo } from './notification-preferences.repo';
import { storedPreferences, withStationZone } from './station-zone-default';

type Caller = Pick<Actor, 'userId' | 'companyId' | 'role' | 'roletype'>;

/**
 * Per-user notification preferences (docs/product.md §Data). A user reads and writes their own; owner and
 * admin (users.manage) those of anyone in their company. Another company's user is "not found".
 * Quiet hours run in the station's time zone until the user picks one (issue 22).
 */
export class NotificationPreferencesService implements NotificationFlagsReader {
  constructor(
    private readonly ctx: AppContext,
    private readonly activity: ActivityLogsService,
  ) {}

  get(actor: Caller, userId: number): Promise<NotificationPreferences> {
    return this.ctx.store.read(async (q) => {
      await this.authorize(new NotificationPreferencesRepo(q), actor, userId);
      return this.forUser(actor.companyId, userId, q);
    });
  }

  update(actor: Caller, userId: number, update: UpdateNotificationPreferences): Promise<NotificationPreferences> {
    // Read, merge and write in one transaction: two saves at once never lose each other's groups.
    return this.ctx.store.write(actor.companyId, async (tx) => {
      const repo = new NotificationPreferencesRepo(tx);
      const user = await this.authorize(repo, actor, userId);
      const current = await this.forUser(actor.companyId, userId, tx);
      const accepted = withoutRepeatedUnavailable(user.role as Role, update, current);
      const merged = parse(notificationPreferencesSchema, mergePreferences(current, accepted));
      const stored = storedPreferences(merged, (await repo.find(actor.companyId, userId))?.preferences, accepted);
      await repo.save({
        userId,
        companyId: actor.companyId,
        preferences: stored,
        updatedAt: this.ctx.clock.now().toISOString(),
        updatedBy: actor.userId,
      });
      const whose = userId === actor.userId ? 'own' : `${user.username}'s`;
      await this.activity.record(
        actor,
        'notification_preferences_updated',
        `Updated ${whose} notification preferences`,
        tx,
      );
      return merged;
    });
  }

  /**
   * The saved preferences laid over the defaults (quiet hours in the station's zone); a row that no
   * longer parses falls back to them. Read through `q` when given (a write's own rows).
   */
  async forUser(companyId: number, userId: number, q?: Q): Promise<NotificationPreferences> {
    if (!q) return this.ctx.store.read((own) => this.forUser(companyId, userId, own));
    const defaults = withStationZone(DEFAULT_NOTIFICATION_PREFERENCES, await new StationTimeZones(q).of(companyId));
    const row = await new NotificationPreferencesRepo(q).find(companyId, userId);
    if (!row) return defaults;
    const parsed = notificationPreferencesSchema.safeParse(mergePreferences(defaults, row.preferences));
    return parsed.success ? parsed.data : defaults;
  }

  /** The bell's three switches (docs/product.md §Data), plus which approval counts the user wants. */
  async flags(companyId: number, userId: number): Promise<NotificationFlags> {
    const p = await this.forUser(companyId, userId);
    return {
      breakingNews: p.breakingNews.enabled,
      equipmentOverdue: p.equipmentOverdue.enabled,
      equipmentApproval: p.equipmentApproval.enabled,
      includeRequests: p.equipmentApproval.includeRequests,
      includeReturns: p.equipmentApproval.includeReturns,
    };
  }

  private async authorize(
    repo: NotificationPreferencesRepo,
    actor: Caller,
    userId: number,
  ): Promise<{ username: string; role: string }> {
    const user = await repo.findUser(actor.companyId, userId);
    if (!user) throw notFound('User');
    if (userId !== actor.userId && !can(actor, 'users.manage'))
      throw forbidden('You can only view and change your own notification preferences');
    return user;
  }
}

/**
 * A group the target's role never receives (issue 22) is refused when the PUT would change it: a
 * script or an old tab must not believe an editor is now told about approvals (the target's role
 * decides, not the caller's). One that only repeats what GET shows is dropped and the PUT goes on
 * (issue 37 point 12): an admin who reads an editor's preferences can write them back unchanged.
 */
function withoutRepeatedUnavailable(
  role: Role,
  update: UpdateNotificationPreferences,
  current: NotificationPreferences,
): UpdateNotificationPreferences {
  const accepted: UpdateNotificationPreferences = { ...update };
  for (const group of unavailableGroups(role)) {
    const sent = update[group];
    if (sent === undefined) continue;
    if (!repeats(sent, current[group])) {
      throw badRequest(`${group}: ${APPROVALS_UNAVAILABLE}`, [{ path: group, message: APPROVALS_UNAVAILABLE }]);
    }
    delete accepted[group];
  }
  return accepted;
}

/** Every field sent equals the one shown (lists in the same order, as GET gave them). */
function repeats(sent: object, shown: object): boolean {
  const fields = shown as Record<string, unknown>;
  return Object.entries(sent).every(([field, value]) => JSON.stringify(value) === JSON.stringify(fields[field]));
}
