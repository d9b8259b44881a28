import { LOGIN_MAX_FAILURES, LOGIN_WINDOW_MS } from '../../../shared/constants';
import type { Clock } from '../../lib/clock';

/**
 * Counts failed logins per username+IP in a sliding window. In memory on purpose: it guards one
 * server process, and a restart forgetting counts is harmless.
 */
export class LoginLimiter {
  private readonly failures = new Map<string, number[]>();

  constructor(private readonly clock: Clock) {}

  private key(ip: string, username: string): string {
    return `${ip}\u0000${username.toLowerCase()}`;
  }

  private recent(key: string): number[] {
    const since = this.clock.now().getTime() - LOGIN_WINDOW_MS;
    const kept = (this.failures.get(key) ?? []).filter((t) => t > since);
    if (kept.length) this.failures.set(key, kept);
    else this.failures.delete(key);
    return kept;
  }

  /** Seconds until another try is allowed, or 0 when not blocked. */
  retryAfterSeconds(ip: string, username: string): number {
    const times = this.recent(this.key(ip, username));
    if (times.length < LOGIN_MAX_FAILURES) return 0;
    const oldest = times[times.length - LOGIN_MAX_FAILURES] ?? 0;
    return Math.max(1, Math.ceil((oldest + LOGIN_WINDOW_MS - this.clock.now().getTime()) / 1000));
  }

  fail(ip: string, username: string): void {
    const key = this.key(ip, username);
    this.failures.set(key, [...this.recent(key), this.clock.now().getTime()]);
  }

  succeed(ip: string, username: string): void {
    this.failures.delete(this.key(ip, username));
  }
}
