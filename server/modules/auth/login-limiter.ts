import { LOGIN_MAX_FAILURES, LOGIN_WINDOW_MS } from '../../../shared/constants';
import type { Clock } from '../../lib/clock';

export type Reservation = { ok: true } | { ok: false; retryAfterSeconds: number };

/** The login limit: a check reserved before the password is hashed; a good password clears the count. */
export interface LoginLimit {
  reserve(ip: string, username: string): Reservation | Promise<Reservation>;
  succeed(ip: string, username: string): void | Promise<void>;
  /** Forgets windows long past. */
  purge(): void | Promise<void>;
}

/** One limit per client (IP or channel) and username, whatever its case. */
export const limitKey = (ip: string, username: string) => `${ip}\u001f${username.toLowerCase()}`;

/**
 * Counts password checks per username+IP in a sliding window. A check is *reserved* before the
 * password is hashed — synchronously (nothing awaited before the count is taken), so however many
 * guesses arrive at once, at most LOGIN_MAX_FAILURES are ever verified per window. A successful
 * login clears the count; a failed one keeps its reservation. In memory: the SQLite store's one
 * server is the only one counting, and a restart forgetting counts is harmless. Several servers on
 * a PostgreSQL store count in it instead (store-login-limiter.ts).
 */
export class LoginLimiter implements LoginLimit {
  private readonly attempts = new Map<string, number[]>();

  constructor(private readonly clock: Clock) {}

  private recent(key: string): number[] {
    const since = this.clock.now().getTime() - LOGIN_WINDOW_MS;
    const kept = (this.attempts.get(key) ?? []).filter((t) => t > since);
    if (kept.length) this.attempts.set(key, kept);
    else this.attempts.delete(key);
    return kept;
  }

  /**
   * Takes one of the window's checks, or answers how many seconds until one is free (nothing
   * taken). Call before any await, and `succeed` after a good password.
   */
  reserve(ip: string, username: string): Reservation {
    const key = limitKey(ip, username);
    const times = this.recent(key);
    const now = this.clock.now().getTime();
    if (times.length >= LOGIN_MAX_FAILURES) {
      const oldest = times[times.length - LOGIN_MAX_FAILURES] ?? now;
      return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil((oldest + LOGIN_WINDOW_MS - now) / 1000)) };
    }
    this.attempts.set(key, [...times, now]);
    return { ok: true };
  }

  succeed(ip: string, username: string): void {
    this.attempts.delete(limitKey(ip, username));
  }

  purge(): void {
    for (const key of [...this.attempts.keys()]) this.recent(key);
  }
}
