import { createHash, randomBytes } from 'node:crypto';
import { SESSION_ABSOLUTE_MS, SESSION_IDLE_MS } from '../../../shared/constants';
import type { LoginRequest, LoginResponse } from '../../../shared/contracts/auth';
import type { Role, Roletype } from '../../../shared/roles';
import type { AppContext } from '../../context';
import type { Actor } from '../../lib/auth';
import { HttpError, tooManyRequests } from '../../lib/errors';
import { UsersRepo } from '../users/users.repo';
import { presentUser } from '../users/users.presenter';
import { LoginLimiter } from './login-limiter';
import { burnPasswordCheck, verifyPassword } from './password';
import { afterAir } from '../../lib/time-slices';
import { SessionsRepo } from './sessions.repo';

/** lastSeenAt is written at most this often, so reads do not turn into writes. */
const TOUCH_EVERY_MS = 60_000;

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export class AuthService {
  private readonly sessions: SessionsRepo;
  private readonly users: UsersRepo;
  private readonly limiter: LoginLimiter;

  constructor(private readonly ctx: AppContext) {
    this.sessions = new SessionsRepo(ctx.db);
    this.users = new UsersRepo(ctx.db);
    this.limiter = new LoginLimiter(ctx.clock);
  }

  async login(input: LoginRequest, ip: string): Promise<LoginResponse> {
    // Reserved before the hash is awaited: parallel guesses cannot all pass a check made earlier.
    const slot = this.limiter.reserve(ip, input.username);
    if (!slot.ok)
      throw tooManyRequests(
        `Too many failed login attempts. Try again in ${slot.retryAfterSeconds} seconds.`,
        slot.retryAfterSeconds,
      );
    const user = this.users.findByUsername(input.username);
    const ok = user ? await verifyPassword(user.passwordHash, input.password) : await burnPasswordCheck(input.password);
    if (!user || !ok) throw new HttpError(401, 'Invalid username or password');
    if (!user.isActive) throw new HttpError(403, 'This account is deactivated. Ask an administrator.');
    this.limiter.succeed(ip, input.username);
    // Eight logins at once are eight commits on the loop that serves air: each waits for an on-air write in progress.
    await afterAir(this.ctx.onAir);
    const now = this.ctx.clock.now();
    const token = randomBytes(32).toString('base64url');
    // One transaction, one fsync: each commit blocks the event loop that CG writes need.
    this.ctx.db.transaction((tx) => {
      new SessionsRepo(tx).insert({
        tokenHash: hashToken(token),
        userId: user.id,
        createdAt: now.toISOString(),
        lastSeenAt: now.toISOString(),
        expiresAt: new Date(now.getTime() + SESSION_ABSOLUTE_MS).toISOString(),
      });
      new UsersRepo(tx).touchLastLogin(user.id, now.toISOString());
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
    const slot = this.limiter.reserve(channel, who);
    if (!slot.ok)
      throw tooManyRequests(
        `Too many wrong passwords. Try again in ${slot.retryAfterSeconds} seconds.`,
        slot.retryAfterSeconds,
      );
    const result = await check();
    this.limiter.succeed(channel, who);
    return result;
  }

  /** Resolves a bearer token to the caller, or null when unknown, expired or deactivated. */
  authenticate(token: string): Actor | null {
    const tokenHash = hashToken(token);
    const found = this.sessions.findByHash(tokenHash);
    if (!found) return null;
    const { session, user, company } = found;
    const now = this.ctx.clock.now().getTime();
    const idleFor = now - Date.parse(session.lastSeenAt);
    if (now >= Date.parse(session.expiresAt) || idleFor >= SESSION_IDLE_MS) {
      this.sessions.deleteByHash(tokenHash);
      return null;
    }
    if (!user.isActive || user.deletedAt || !company.isActive) return null;
    if (idleFor > TOUCH_EVERY_MS) this.sessions.touch(session.id, new Date(now).toISOString());
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

  /**
   * When the session ends — the earlier of its absolute expiry and idle expiry — without counting
   * as activity (a socket left open is not a person using the app). Null when it no longer holds.
   */
  sessionDeadline(tokenHash: string): number | null {
    const found = this.sessions.findByHash(tokenHash);
    if (!found || !found.user.isActive || found.user.deletedAt || !found.company.isActive) return null;
    return Math.min(Date.parse(found.session.expiresAt), Date.parse(found.session.lastSeenAt) + SESSION_IDLE_MS);
  }

  logout(actor: Actor): void {
    this.sessions.deleteByHash(actor.tokenHash);
    this.ctx.bus.revoke({ tokenHash: actor.tokenHash });
  }

  /** Ends every session of a user (password change, deactivation, deletion). */
  revokeUser(userId: number): void {
    this.sessions.deleteByUser(userId);
    this.ctx.bus.revoke({ userId });
  }

  purgeExpired(): number {
    const now = this.ctx.clock.now().getTime();
    return this.sessions.deleteExpired(new Date(now).toISOString(), new Date(now - SESSION_IDLE_MS).toISOString());
  }
}
