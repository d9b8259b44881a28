import type { z } from 'zod';
import type { createUserSchema, updateUserSchema, User } from '../../../shared/contracts/users';
import { can, canAssignRole, isDev, type Role } from '../../../shared/roles';
import type { AppContext } from '../../context';
import type { Actor } from '../../lib/auth';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors';
import { isStale, versionConflict } from '../../lib/version-conflict';
import type { UserRow } from '../../db/schema';
import type { Q } from '../../db/store';
import { hashPassword, verifyPassword } from '../auth/password';
import type { ActivityLogsService } from '../activity-logs/activity-logs.service';
import type { AuthService } from '../auth/auth.service';
import { UsersRepo, type UserPatch } from './users.repo';
import { presentColleague, presentUser } from './users.presenter';

type CreateUser = z.output<typeof createUserSchema>;
type UpdateUser = z.output<typeof updateUserSchema>;

export class UsersService {
  constructor(
    private readonly ctx: AppContext,
    private readonly auth: AuthService,
    private readonly activity: ActivityLogsService,
  ) {}

  async list(actor: Actor): Promise<User[]> {
    const present = can(actor, 'users.manage') ? presentUser : presentColleague;
    const rows = await this.ctx.store.read((q) => new UsersRepo(q).listByCompany(actor.companyId));
    return rows.map(present);
  }

  async get(actor: Actor, id: number): Promise<User> {
    const row = await this.ctx.store.read((q) => new UsersRepo(q).findById(actor.companyId, id));
    if (!row) throw notFound('User');
    return actor.userId === id || can(actor, 'users.manage') ? presentUser(row) : presentColleague(row);
  }

  /** Creates a user in the caller's company; the body's companyId is ignored (docs/design-rules.md §3.5). */
  async create(actor: Actor, input: CreateUser, companyId = actor.companyId): Promise<User> {
    this.assertMayAssign(actor, input.role, input.roletype);
    const taken = (q: Q) => new UsersRepo(q).usernameTaken(input.username);
    if (await this.ctx.store.read(taken)) throw conflict('Username already exists');
    const passwordHash = await hashPassword(input.password);
    // The hash is an await: the name is checked again where it is written (two desks at once).
    const row = await this.ctx.store.write(companyId, async (tx) => {
      if (await taken(tx)) throw conflict('Username already exists');
      const made = await new UsersRepo(tx).insert({
        companyId,
        username: input.username,
        passwordHash,
        fullName: input.fullName,
        email: input.email,
        role: input.role,
        roletype: input.roletype ?? 'user',
        telegramId: input.telegramId ?? input.telegramUserId,
      });
      await this.activity.record(
        { userId: actor.userId, companyId },
        'user_created',
        `Created user ${made.username} (${made.role})`,
        tx,
      );
      return made;
    });
    return this.announce(row, 'created');
  }

  async update(actor: Actor, id: number, input: UpdateUser): Promise<User> {
    await this.ctx.store.read(async (q) => {
      await this.checkUpdate(actor, await this.requireManageable(actor, id, q), input, q);
      await this.checkVersion(actor, id, input.version, q);
    });
    if (id === actor.userId && input.isActive === false) throw badRequest('You cannot deactivate your own account');
    const patch = await this.toPatch(input);
    // The password hash above is an await: another request may have changed the target or the
    // owners since. Check again and write in one transaction, so two owners demoting or
    // deactivating each other at once cannot leave the company without one.
    const { before, row } = await this.ctx.store.write(actor.companyId, async (tx) => {
      const target = await this.requireManageable(actor, id, tx);
      await this.checkUpdate(actor, target, input, tx);
      await this.checkVersion(actor, id, input.version, tx);
      const updated = await new UsersRepo(tx).update(
        actor.companyId,
        id,
        { ...patch, updatedBy: actor.userId },
        input.version,
      );
      if (!updated) throw notFound('User');
      await this.activity.record(actor, 'user_updated', `Updated user ${updated.username}`, tx);
      return { before: target, row: updated };
    });
    await this.endOrRefreshSessions(before, row, input);
    return this.announce(row, 'updated');
  }

  /**
   * A password change or deactivation ends every session (sockets close 4401). A change to what an
   * open socket acts as (role, roletype, name; issue 37) keeps the sessions — HTTP reads the user
   * on every request — but closes the user's sockets so they rejoin as the user is now. Same
   * turn as the commit's answer: a socket authenticating meanwhile reads the user as committed.
   */
  private async endOrRefreshSessions(before: UserRow, after: UserRow, input: UpdateUser): Promise<void> {
    if (input.password || !after.isActive) await this.auth.revokeUser(after.id);
    else if (socketActorChanged(before, after)) this.ctx.bus.revoke({ userId: after.id, rejoin: true });
  }

  /**
   * A user changes their own password (the bot's /changepassword): the current one must match;
   * every session ends, as with any password change.
   */
  async changeOwnPassword(actor: Actor, current: string, next: string): Promise<void> {
    const row = await this.ctx.store.read((q) => new UsersRepo(q).findById(actor.companyId, actor.userId));
    if (!row || !(await verifyPassword(row.passwordHash, current))) throw badRequest('Current password is incorrect');
    const passwordHash = await hashPassword(next);
    const updated = await this.ctx.store.write(actor.companyId, async (tx) => {
      const done = await new UsersRepo(tx).update(actor.companyId, actor.userId, {
        passwordHash,
        updatedAt: this.ctx.clock.now().toISOString(),
        updatedBy: actor.userId,
      });
      if (done) await this.activity.record(actor, 'password_changed', `${done.username} changed their password`, tx);
      return done;
    });
    if (!updated) throw notFound('User');
    await this.auth.revokeUser(actor.userId);
  }

  /** The rules of an update that depend on the stored state (role, owners, usernames). */
  private async checkUpdate(actor: Actor, target: UserRow, input: UpdateUser, q: Q): Promise<void> {
    if (input.role) this.assertMayAssign(actor, input.role, input.roletype);
    else if (input.roletype) this.assertMayAssign(actor, target.role as Role, input.roletype);
    if (input.username && (await new UsersRepo(q).usernameTaken(input.username, target.id)))
      throw conflict('Username already exists');
    const losesOwner =
      target.role === 'owner' && ((input.role !== undefined && input.role !== 'owner') || input.isActive === false);
    if (losesOwner && target.isActive) await this.assertNotLastOwner(actor.companyId, q);
  }

  /**
   * Deleting keeps the row (news and logs still name their author) but frees the username and
   * ends every session of that user.
   */
  async remove(actor: Actor, id: number): Promise<void> {
    const { target, row } = await this.ctx.store.write(actor.companyId, async (tx) => {
      const target = await this.requireManageable(actor, id, tx);
      if (id === actor.userId) throw badRequest('You cannot delete your own account');
      if (target.role === 'owner') await this.assertNotLastOwner(actor.companyId, tx);
      const now = this.ctx.clock.now().toISOString();
      const row = await new UsersRepo(tx).update(actor.companyId, id, {
        username: `${target.username}#deleted-${id}`,
        isActive: false,
        deletedAt: now,
        updatedAt: now,
        updatedBy: actor.userId,
      });
      await this.activity.record(actor, 'user_deleted', `Deleted user ${target.username}`, tx);
      return { target, row };
    });
    await this.auth.revokeUser(id);
    if (row) this.announce({ ...row, username: target.username }, 'deleted');
  }

  /** A save from a stale version is a 409 with the user as they are now (issue 26). */
  private async checkVersion(actor: Actor, id: number, version: number | undefined, q: Q): Promise<void> {
    const row = await new UsersRepo(q).findById(actor.companyId, id);
    if (row && isStale(version, row))
      throw await versionConflict(q, 'user', presentUser(row), row, this.ctx.clock.now());
  }

  private async requireManageable(actor: Actor, id: number, q: Q): Promise<UserRow> {
    const target = await new UsersRepo(q).findById(actor.companyId, id);
    if (!target) throw notFound('User');
    if (target.role === 'owner' && actor.role !== 'owner') throw forbidden('Only an owner may change an owner');
    return target;
  }

  private assertMayAssign(actor: Actor, role: Role, roletype?: string): void {
    if (!canAssignRole(actor, role)) throw forbidden(`You may not assign the role ${role}`);
    if (roletype === 'dev' && !isDev(actor)) throw forbidden('Only developer accounts may grant roletype dev');
  }

  private async assertNotLastOwner(companyId: number, q: Q): Promise<void> {
    if ((await new UsersRepo(q).countActiveOwners(companyId)) <= 1)
      throw conflict('A company must keep at least one active owner');
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
