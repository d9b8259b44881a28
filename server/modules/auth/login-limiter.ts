import { LOGIN_MAX_FAILURES, LOGIN_WINDOW_MS } from '../../../shared/constants';
import type { Clock } from '../../lib/clock';

/**
 * Counts password checks per username+IP in a sliding window. A check is *reserved* before the
 * password is hashed — synchronously, so however many guesses arrive at once, at most
 * LOGIN_MAX_FAILURES are ever verified per window. A successful login clears the count; a failed
 * one keeps its reservation. In memory on purpose: it guards one server process, and a restart
 * forgetting counts is harmless.
 */
export class LoginLimiter {
  private readonly attempts = new Map<string, number[]>();

  constructor(private readonly clock: Clock) {}

  private key(ip: string, username: string): string {
    return `${ip}\u0000${username.toLowerCase()}`;
  }

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
  reserve(ip: string, username: string): { ok: true } | { ok: false; retryAfterSeconds: number } {
    const key = this.key(ip, username);
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
    this.attempts.delete(this.key(ip, username));
  }
}
