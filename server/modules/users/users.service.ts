import type { z } from 'zod';
import type { createUserSchema, updateUserSchema, User } from '../../../shared/contracts/users';
import { can, canAssignRole, isDev, type Role } from '../../../shared/roles';
import type { AppContext } from '../../context';
import type { Actor } from '../../lib/auth';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors';
import { isStale, versionConflict } from '../../lib/version-conflict';
import type { UserRow } from '../../db/schema';
import { hashPassword, verifyPassword } from '../auth/password';
import type { ActivityLogsService } from '../activity-logs/activity-logs.service';
import type { AuthService } from '../auth/auth.service';
import { UsersRepo, type UserPatch } from './users.repo';
import { presentColleague, presentUser } from './users.presenter';

type CreateUser = z.output<typeof createUserSchema>;
type UpdateUser = z.output<typeof updateUserSchema>;

export class UsersService {
  readonly repo: UsersRepo;

  constructor(
    private readonly ctx: AppContext,
    private readonly auth: AuthService,
    private readonly activity: ActivityLogsService,
  ) {
    this.repo = new UsersRepo(ctx.db);
  }

  list(actor: Actor): User[] {
    const present = can(actor, 'users.manage') ? presentUser : presentColleague;
    return this.repo.listByCompany(actor.companyId).map(present);
  }

  get(actor: Actor, id: number): User {
    const row = this.repo.findById(actor.companyId, id);
    if (!row) throw notFound('User');
    return actor.userId === id || can(actor, 'users.manage') ? presentUser(row) : presentColleague(row);
  }

  /** Creates a user in the caller's company; the body's companyId is ignored (docs/design-rules.md §3.5). */
  async create(actor: Actor, input: CreateUser, companyId = actor.companyId): Promise<User> {
    this.assertMayAssign(actor, input.role, input.roletype);
    if (this.repo.usernameTaken(input.username)) throw conflict('Username already exists');
    const row = this.repo.insert({
      companyId,
      username: input.username,
      passwordHash: await hashPassword(input.password),
      fullName: input.fullName,
      email: input.email,
      role: input.role,
      roletype: input.roletype ?? 'user',
      telegramId: input.telegramId ?? input.telegramUserId,
    });
    this.activity.record(
      { userId: actor.userId, companyId },
      'user_created',
      `Created user ${row.username} (${row.role})`,
    );
    return this.announce(row, 'created');
  }

  async update(actor: Actor, id: number, input: UpdateUser): Promise<User> {
    this.checkUpdate(actor, this.requireManageable(actor, id), input);
    this.checkVersion(actor, id, input.version);
    if (id === actor.userId && input.isActive === false) throw badRequest('You cannot deactivate your own account');
    const patch = await this.toPatch(input);
    // The password hash above is an await: another request may have changed the target or the
    // owners since. Check again and write in one transaction, so two owners demoting or
    // deactivating each other at once cannot leave the company without one.
    const { before, row } = this.ctx.db.transaction((tx) => {
      const repo = new UsersRepo(tx);
      const target = this.requireManageable(actor, id, repo);
      this.checkUpdate(actor, target, input, repo);
      this.checkVersion(actor, id, input.version, repo);
      const updated = repo.update(actor.companyId, id, { ...patch, updatedBy: actor.userId }, input.version);
      if (!updated) throw notFound('User');
      this.activity.record(actor, 'user_updated', `Updated user ${updated.username}`, tx);
      return { before: target, row: updated };
    });
    this.endOrRefreshSessions(before, row, input);
    return this.announce(row, 'updated');
  }

  /**
   * A password change or deactivation ends every session (sockets close 4401). A change to what an
   * open socket acts as (role, roletype, name; issue 37) keeps the sessions — HTTP reads the user
   * on every request — but closes the user's sockets so they rejoin as the user is now. Same
   * synchronous turn as the commit: no socket can authenticate in between with the old role.
   */
  private endOrRefreshSessions(before: UserRow, after: UserRow, input: UpdateUser): void {
    if (input.password || !after.isActive) this.auth.revokeUser(after.id);
    else if (socketActorChanged(before, after)) this.ctx.bus.revoke({ userId: after.id, rejoin: true });
  }

  /**
   * A user changes their own password (the bot's /changepassword): the current one must match;
   * every session ends, as with any password change.
   */
  async changeOwnPassword(actor: Actor, current: string, next: string): Promise<void> {
    const row = this.repo.findById(actor.companyId, actor.userId);
    if (!row || !(await verifyPassword(row.passwordHash, current))) throw badRequest('Current password is incorrect');
    const passwordHash = await hashPassword(next);
    const updated = this.ctx.db.transaction((tx) => {
      const done = new UsersRepo(tx).update(actor.companyId, actor.userId, {
        passwordHash,
        updatedAt: this.ctx.clock.now().toISOString(),
        updatedBy: actor.userId,
      });
      if (done) this.activity.record(actor, 'password_changed', `${done.username} changed their password`, tx);
      return done;
    });
    if (!updated) throw notFound('User');
    this.auth.revokeUser(actor.userId);
  }

  /** The rules of an update that depend on the stored state (role, owners, usernames). */
  private checkUpdate(actor: Actor, target: UserRow, input: UpdateUser, repo = this.repo): void {
    if (input.role) this.assertMayAssign(actor, input.role, input.roletype);
    else if (input.roletype) this.assertMayAssign(actor, target.role as Role, input.roletype);
    if (input.username && repo.usernameTaken(input.username, target.id)) throw conflict('Username already exists');
    const losesOwner =
      target.role === 'owner' && ((input.role !== undefined && input.role !== 'owner') || input.isActive === false);
    if (losesOwner && target.isActive) this.assertNotLastOwner(actor.companyId, repo);
  }

  /**
   * Deleting keeps the row (news and logs still name their author) but frees the username and
   * ends every session of that user.
   */
  remove(actor: Actor, id: number): void {
    const target = this.requireManageable(actor, id);
    if (id === actor.userId) throw badRequest('You cannot delete your own account');
    if (target.role === 'owner') this.assertNotLastOwner(actor.companyId);
    const now = this.ctx.clock.now().toISOString();
    const row = this.repo.update(actor.companyId, id, {
      username: `${target.username}#deleted-${id}`,
      isActive: false,
      deletedAt: now,
      updatedAt: now,
      updatedBy: actor.userId,
    });
    this.auth.revokeUser(id);
    this.activity.record(actor, 'user_deleted', `Deleted user ${target.username}`);
    if (row) this.announce({ ...row, username: target.username }, 'deleted');
  }

  /** A save from a stale version is a 409 with the user as they are now (issue 26). */
  private checkVersion(actor: Actor, id: number, version: number | undefined, repo = this.repo): void {
    const row = repo.findById(actor.companyId, id);
    if (row && isStale(version, row))
      throw versionConflict(this.ctx.db, 'user', presentUser(row), row, this.ctx.clock.now());
  }

  private requireManageable(actor: Actor, id: number, repo = this.repo): UserRow {
    const target = repo.findById(actor.companyId, id);
    if (!target) throw notFound('User');
    if (target.role === 'owner' && actor.role !== 'owner') throw forbidden('Only an owner may change an owner');
    return target;
  }

  private assertMayAssign(actor: Actor, role: Role, roletype?: string): void {
    if (!canAssignRole(actor, role)) throw forbidden(`You may not assign the role ${role}`);
    if (roletype === 'dev' && !isDev(actor)) throw forbidden('Only developer accounts may grant roletype dev');
  }

  private assertNotLastOwner(companyId: number, repo = this.repo): void {
    if (repo.countActiveOwners(companyId) <= 1) throw conflict('A company must keep at least one active owner');
  }

  private async toPatch(input: UpdateUser): Promise<UserPatch> {
    const patch: UserPatch = { updatedAt: this.ctx.clock.now().toISOString() };
    if (input.username !== undefined) patch.username = input.username;
    if (input.fullName !== undefined) patch.fullName = input.fullName;
    if (input.email !== undefined) patch.email = input.email;
    if (input.role !== undefined) patch.role = input.role;
    if (input.roletype !== undefined) patch.roletype = input.roletype;
    if (input.isActive !== undefined) patch.isActive = input.isActive;
    const telegram = input.telegramId !== undefined ? input.telegramId : input.telegramUserId;
    if (telegram !== undefined) patch.telegramId = telegram;
    if (input.password) patch.passwordHash = await hashPassword(input.password);
    return patch;
  }

  private announce(row: UserRow, change: 'created' | 'updated' | 'deleted'): User {
    const user = presentUser(row);
    this.ctx.bus.publish(row.companyId, 'user_updated', { user: presentColleague(row), change });
    return user;
  }
}

/**
 * Whether an open socket's actor (read once, at its auth) no longer matches the user. The
 * company is listed although an update never moves a user (the body's companyId is ignored):
 * if it ever did, the socket would otherwise stay in the old company's room.
 */
function socketActorChanged(before: UserRow, after: UserRow): boolean {
  return (
    before.role !== after.role ||
    before.roletype !== after.roletype ||
    before.companyId !== after.companyId ||
    before.username !== after.username ||
    before.fullName !== after.fullName
  );
}
