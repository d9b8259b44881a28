import { followStep, followUrl, healthIsOk, PROBE_TIMEOUT_MS } from './follow-server';

/** What the follower needs from the page; the page's own by default, a test's stand-ins otherwise. */
export interface FollowEnv {
  now(): number;
  framed: boolean;
  ownOrigin: string;
  /** Whether the server at this origin answers /api/health with ok. */
  probe(origin: string): Promise<boolean>;
  /** Leaves this page for the same page at `origin`. */
  go(origin: string): void;
}

/** The overlay's way over: the same URL (key, query, hash) on the other server. */
export function sameUrlAt(origin: string): void {
  // replace: Back must not bring the graphics program to the server that was gone.
  location.replace(followUrl(origin, location));
}

/** The page's own clock, frame and probes; `go` is the entry's (the overlay's by default, the app's carries its session). */
export function pageEnv(go: (origin: string) => void = sameUrlAt): FollowEnv {
  return {
    now: () => Date.now(),
    // /outputs' preview frame is the operator's view of this server: it never moves.
    framed: window.self !== window.top,
    ownOrigin: location.origin,
    probe: healthAnswers,
    go,
  };
}

/** Cross-origin is fine: every server's /api/health allows any origin (issue 43). */
async function healthAnswers(origin: string): Promise<boolean> {
  try {
    const res = await fetch(`${origin}/api/health`, {
      cache: 'no-store',
      signal: AbortSignal.timeout(PROBE_TIMEOUT_MS),
    });
    return res.ok && healthIsOk(await res.json());
  } catch {
    return false;
  }
}

/**
 * A page (the overlay, the app) moving to a living server of its store (issue 43). The channel keeps trying its
 * own server the whole time; the follower only decides, once that has failed for a while, whether
 * another server answers — and the own server coming back first always wins.
 */
export class ServerFollower {
  private servers: readonly string[] = [];
  private lostSince: number | null = null;
  private lastRoundAt: number | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private probing = false;
  private gone = false;
  /** Counts the own server's answers: a round that began before the latest one may not move the page. */
  private answers = 0;

  constructor(private readonly env: FollowEnv = pageEnv()) {}

  /** Every snapshot's list: the newest one says who is alive now. */
  remember(servers: readonly string[]): void {
    this.servers = servers;
  }

  /** The own server is there (a snapshot, or even a refused key: it answered): stay. */
  serverAnswered(): void {
    this.lostSince = null;
    this.answers += 1;
    this.clearTimer();
  }

  /** The channel lost its server (each failed reconnect says so again; the first one counts). */
  serverLost(): void {
    this.lostSince ??= this.env.now();
    if (!this.timer && !this.probing) this.next();
  }

  private next(): void {
    if (this.gone) return;
    const step = followStep({
      now: this.env.now(),
      lostSince: this.lostSince,
      lastRoundAt: this.lastRoundAt,
      framed: this.env.framed,
      servers: this.servers,
      ownOrigin: this.env.ownOrigin,
    });
    if (step.kind === 'wait') this.timer = setTimeout(() => this.fire(), step.ms);
    else if (step.kind === 'probe') void this.round(step.candidates);
  }

  private fire(): void {
    this.timer = null;
    this.next();
  }

  private async round(candidates: string[]): Promise<void> {
    this.probing = true;
    this.lastRoundAt = this.env.now();
    const answers = this.answers;
    for (const origin of candidates) {
      const answered = await this.env.probe(origin).catch(() => false);
      // The own server came back while we asked (even if lost again since): it wins, whatever the others said.
      if (this.answers !== answers) break;
      if (answered) {
        this.gone = true;
        this.env.go(origin);
        return;
      }
    }
    this.probing = false;
    // Nobody answered (or the own server did): look again no sooner than FOLLOW_AFTER_MS after this round began.
    this.next();
  }

  /** Signed out (the app): no list, nothing lost, no round may move the page; a later sign-in starts afresh. */
  reset(): void {
    this.servers = [];
    this.lostSince = null;
    this.lastRoundAt = null;
    this.answers += 1;
    this.gone = false;
    this.clearTimer();
  }

  private clearTimer(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }
}
