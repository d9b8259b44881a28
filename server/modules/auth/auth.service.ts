import { createHash, randomBytes } from 'node:crypto';
import { SESSION_ABSOLUTE_MS, SESSION_IDLE_MS } from '../../../shared/constants';
import type { LoginRequest, LoginResponse } from '../../../shared/contracts/auth';
import type { Role, Roletype } from '../../../shared/roles';
import type { AppContext } from '../../context';
import type { Actor } from '../../lib/auth';
import { HttpError, tooManyRequests } from '../../lib/errors';
import { UsersRepo } from '../users/users.repo';
import { presentUser } from '../users/users.presenter';
import { LoginLimiter, type LoginLimit } from './login-limiter';
import { StoreLoginLimiter } from './store-login-limiter';
import { burnPasswordCheck, verifyPassword } from './password';
import { afterAir } from '../../lib/time-slices';
import { SessionsRepo } from './sessions.repo';
import type { Q } from '../../db/store';

type FoundSession = NonNullable<Awaited<ReturnType<SessionsRepo['findByHash']>>>;

/** The caller a live session names, or null when its user or station is no longer active. */
function actorOf({ user, company }: FoundSession, tokenHash: string): Actor | null {
  if (!user.isActive || user.deletedAt || !company.isActive) return null;
  return {
    userId: user.id,
    companyId: user.companyId,
    role: user.role as Role,
    roletype: user.roletype as Roletype,
    username: user.username,
    fullName: user.fullName,
    tokenHash,
  };
}

/** lastSeenAt is written at most this often, so reads do not turn into writes. */
const TOUCH_EVERY_MS = 60_000;

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export class AuthService {
  private readonly limiter: LoginLimit;

  constructor(private readonly ctx: AppContext) {
    // Several servers on a PostgreSQL store count in it; the SQLite store's one server in memory.
    this.limiter =
      ctx.store.engine === 'postgres' ? new StoreLoginLimiter(ctx.store, ctx.clock) : new LoginLimiter(ctx.clock);
  }

  async login(input: LoginRequest, ip: string): Promise<LoginResponse> {
    // Reserved before the hash is awaited: parallel guesses cannot all pass a check made earlier.
    const slot = await this.limiter.reserve(ip, input.username);
    if (!slot.ok)
      throw tooManyRequests(
        `Too many failed login attempts. Try again in ${slot.retryAfterSeconds} seconds.`,
        slot.retryAfterSeconds,
      );
    const user = await this.ctx.store.read((q) => new UsersRepo(q).findByUsername(input.username));
    const ok = user ? await verifyPassword(user.passwordHash, input.password) : await burnPasswordCheck(input.password);
    if (!user || !ok) throw new HttpError(401, 'Invalid username or password');
    if (!user.isActive) throw new HttpError(403, 'This account is deactivated. Ask an administrator.');
    await this.limiter.succeed(ip, input.username);
    // Eight logins at once are eight commits on the loop that serves air: each waits for an on-air write in progress.
    await afterAir(this.ctx.onAir);
    const now = this.ctx.clock.now();
    const token = randomBytes(32).toString('base64url');
    // One transaction, one fsync: each commit blocks the event loop that CG writes need.
    await this.ctx.store.write(user.companyId, async (tx) => {
      await new SessionsRepo(tx).insert({
        tokenHash: hashToken(token),
        userId: user.id,
        createdAt: now.toISOString(),
        lastSeenAt: now.toISOString(),
        expiresAt: new Date(now.getTime() + SESSION_ABSOLUTE_MS).toISOString(),
      });
      await new UsersRepo(tx).touchLastLogin(user.id, now.toISOString());
    });
    return { token, user: presentUser({ ...user, lastLogin: now.toISOString() }) };
  }

  /**
   * A password check outside the login form (the bot's /changepassword) under the login's limit,
   * per user: at most LOGIN_MAX_FAILURES checks a minute, reserved before `check` awaits the
   * hash, so parallel guesses cannot slip past together. `check` throws for a wrong password (the
   * reservation stays); a success clears the count.
   */
  async limitPasswordCheck<T>(userId: number, check: () => Promise<T>): Promise<T> {
    const channel = 'password-check';
    const who = `user:${userId}`;
    const slot = await this.limiter.reserve(channel, who);
    if (!slot.ok)
      throw tooManyRequests(
        `Too many wrong passwords. Try again in ${slot.retryAfterSeconds} seconds.`,
        slot.retryAfterSeconds,
      );
    const result = await check();
    await this.limiter.succeed(channel, who);
    return result;
  }

  /** Resolves a bearer token to the caller, or null when unknown, expired or deactivated. */
  async authenticate(token: string): Promise<Actor | null> {
    const tokenHash = hashToken(token);
    const found = await this.ctx.store.read((q) => new SessionsRepo(q).findByHash(tokenHash));
    if (!found) return null;
    const { session, user } = found;
    const now = this.ctx.clock.now().getTime();
    const idleFor = now - Date.parse(session.lastSeenAt);
    if (now >= Date.parse(session.expiresAt) || idleFor >= SESSION_IDLE_MS) {
      await this.ctx.store.write(user.companyId, (tx) => new SessionsRepo(tx).deleteByHash(tokenHash));
      return null;
    }
    const actor = actorOf(found, tokenHash);
    // Awaited (once a minute per session): the user's next request must find the session alive.
    if (actor && idleFor > TOUCH_EVERY_MS)
      await this.ctx.store.write(user.companyId, (tx) =>
        new SessionsRepo(tx).touch(session.id, new Date(now).toISOString()),
      );
    return actor;
  }

  /**
   * The session as a read-only copy of the store holds it (issue 43: the backup's replica while
   * the main is lost, for the takeover alone): the same checks, nothing written.
   */
  async authenticateOn(q: Q, token: string): Promise<Actor | null> {
    const tokenHash = hashToken(token);
    const found = await new SessionsRepo(q).findByHash(tokenHash);
    if (!found) return null;
    const now = this.ctx.clock.now().getTime();
    if (now >= Date.parse(found.session.expiresAt) || now - Date.parse(found.session.lastSeenAt) >= SESSION_IDLE_MS)
      return null;
    return actorOf(found, tokenHash);
  }

  /**
   * When the session ends — the earlier of its absolute expiry and idle expiry — without counting
   * as activity (a socket left open is not a person using the app). Null when it no longer holds.
   */
  async sessionDeadline(tokenHash: string): Promise<number | null> {
    const found = await this.ctx.store.read((q) => new SessionsRepo(q).findByHash(tokenHash));
    if (!found || !found.user.isActive || found.user.deletedAt || !found.company.isActive) return null;
    return Math.min(Date.parse(found.session.expiresAt), Date.parse(found.session.lastSeenAt) + SESSION_IDLE_MS);
  }

  async logout(actor: Actor): Promise<void> {
    await this.ctx.store.write(actor.companyId, (tx) => new SessionsRepo(tx).deleteByHash(actor.tokenHash));
    this.ctx.bus.revoke({ tokenHash: actor.tokenHash });
  }

  /** Ends every session of a user (password change, deactivation, deletion). */
  async revokeUser(userId: number): Promise<void> {
    await this.ctx.store.write('server', (tx) => new SessionsRepo(tx).deleteByUser(userId));
    this.ctx.bus.revoke({ userId });
  }

  async purgeExpired(): Promise<number> {
    const now = this.ctx.clock.now().getTime();
    await this.limiter.purge();
    return this.ctx.store.write('server', (tx) =>
      new SessionsRepo(tx).deleteExpired(new Date(now).toISOString(), new Date(now - SESSION_IDLE_MS).toISOString()),
    );
  }
}
