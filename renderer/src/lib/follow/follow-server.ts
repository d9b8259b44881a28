/**
 * When and where a page moves to another CG Bridge server of its store (issue 43): the overlay,
 * and the app (browsers, phones) with its session (follow-session.ts).
 * Pure: the page's follower (server-follower.ts) brings the clock, the probes and the navigation.
 *
 * The graphics PC loads /overlay/<key> from one MCR PC. When that PC is gone, the overlay must go
 * on showing the air from another server of the same store — but a server restart (an update)
 * comes back within seconds and must not send the overlay away, so the page waits first.
 */

/** Disconnected this long before the page looks elsewhere; also the least time between two rounds of probes. */
export const FOLLOW_AFTER_MS = 4_000;
/** One server's /api/health may take this long; a dead PC on the LAN often never answers at all. */
export const PROBE_TIMEOUT_MS = 1_500;

export interface FollowInput {
  now: number;
  /** When the channel lost its server; null while it is connected (or its server answered). */
  lostSince: number | null;
  /** When the last round of probes began; null if none has yet on this page. */
  lastRoundAt: number | null;
  /** In a frame: /outputs' preview, which is the operator's and never moves. */
  framed: boolean;
  /** The latest snapshot's `servers`: the server that sent it first, then the others of the store. */
  servers: readonly string[];
  /** The page's own origin (location.origin). */
  ownOrigin: string;
}

export type FollowStep =
  | { kind: 'stay' }
  | { kind: 'wait'; ms: number }
  /** Ask these servers in this order; move to the first that answers. */
  | { kind: 'probe'; candidates: string[] };

/**
 * Where the page may move: the store's other servers as origins, in the list's order. The first
 * entry is skipped — it is the server the page is on, perhaps under another name (the PC's LAN
 * address while OBS on that PC loaded it as localhost). Only http(s): a list is data, and data
 * must never make the page run a `javascript:` address.
 */
export function followCandidates(servers: readonly string[], ownOrigin: string): string[] {
  const origins: string[] = [];
  for (const server of servers.slice(1)) {
    const origin = originOf(server);
    if (origin && origin !== ownOrigin && !origins.includes(origin)) origins.push(origin);
  }
  return origins;
}

/** What the page does now: stay, look again in `ms`, or probe the candidates. */
export function followStep(input: FollowInput): FollowStep {
  if (input.framed || input.lostSince === null) return { kind: 'stay' };
  const candidates = followCandidates(input.servers, input.ownOrigin);
  if (candidates.length === 0) return { kind: 'stay' };
  const due = Math.max(
    input.lostSince + FOLLOW_AFTER_MS,
    input.lastRoundAt === null ? -Infinity : input.lastRoundAt + FOLLOW_AFTER_MS,
  );
  return input.now < due ? { kind: 'wait', ms: due - input.now } : { kind: 'probe', candidates };
}

/** The same overlay (key, query, hash) on another server: the key is the store's, so it works there too. */
export function followUrl(origin: string, page: { pathname: string; search: string; hash: string }): string {
  return origin + page.pathname + page.search + page.hash;
}

/** Whether a /api/health body says the server is ready. */
export function healthIsOk(body: unknown): boolean {
  return typeof body === 'object' && body !== null && (body as { status?: unknown }).status === 'ok';
}

function originOf(server: string): string | null {
  try {
    const url = new URL(server);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : null;
  } catch {
    return null;
  }
}
