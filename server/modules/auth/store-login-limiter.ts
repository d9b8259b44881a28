import { and, asc, eq, lte } from 'drizzle-orm';
import { LOGIN_MAX_FAILURES, LOGIN_WINDOW_MS } from '../../../shared/constants';
import { Repo, type Store } from '../../db/store';
import type { Clock } from '../../lib/clock';
import { limitKey, type LoginLimit, type Reservation } from './login-limiter';

/** SQL of the shared login window (`login_attempts`). */
class LoginAttemptsRepo extends Repo {
  async recent(key: string, since: string): Promise<string[]> {
    const { loginAttempts: t } = this.t;
    await this.db.delete(t).where(and(eq(t.key, key), lte(t.at, since)));
    const rows = await this.db.select({ at: t.at }).from(t).where(eq(t.key, key)).orderBy(asc(t.at), asc(t.id));
    return rows.map((r) => r.at);
  }

  async add(key: string, at: string): Promise<void> {
    await this.db.insert(this.t.loginAttempts).values({ key, at });
  }

  async clear(key: string): Promise<void> {
    await this.db.delete(this.t.loginAttempts).where(eq(this.t.loginAttempts.key, key));
  }

  async forgetBefore(since: string): Promise<void> {
    await this.db.delete(this.t.loginAttempts).where(lte(this.t.loginAttempts.at, since));
  }
}

/**
 * The login limit shared by every server on a PostgreSQL store (issue 43): each check is reserved
 * in one store write under the store-wide lock, counted against the window's rows of every server,
 * so however many guesses arrive at once on however many servers, at most LOGIN_MAX_FAILURES are
 * verified per window. Written without waiting for the disk (`later`): a lost reservation after a
 * crash is harmless, and guesses must not cost the store a flush each.
 */
export class StoreLoginLimiter implements LoginLimit {
  constructor(
    private readonly store: Store,
    private readonly clock: Clock,
  ) {}

  reserve(ip: string, username: string): Promise<Reservation> {
    const key = limitKey(ip, username);
    const now = this.clock.now().getTime();
    const since = new Date(now - LOGIN_WINDOW_MS).toISOString();
    return this.store.write(
      'server',
      async (tx) => {
        const repo = new LoginAttemptsRepo(tx);
        const times = await repo.recent(key, since);
        if (times.length >= LOGIN_MAX_FAILURES) {
          const oldest = Date.parse(times[times.length - LOGIN_MAX_FAILURES] ?? new Date(now).toISOString());
          return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil((oldest + LOGIN_WINDOW_MS - now) / 1000)) };
        }
        await repo.add(key, new Date(now).toISOString());
        return { ok: true };
      },
      { durability: 'later' },
    );
  }

  async succeed(ip: string, username: string): Promise<void> {
    await this.store.write('server', (tx) => new LoginAttemptsRepo(tx).clear(limitKey(ip, username)), {
      durability: 'later',
    });
  }

  /** Rows of windows long past (keys nobody tried again): with the expired sessions' purge. */
  async purge(): Promise<void> {
    const since = new Date(this.clock.now().getTime() - LOGIN_WINDOW_MS).toISOString();
    await this.store.write('server', (tx) => new LoginAttemptsRepo(tx).forgetBefore(since), { durability: 'later' });
  }
}
