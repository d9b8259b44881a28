import { IDEMPOTENCY_MAX_BYTES, IDEMPOTENCY_MAX_KEYS, IDEMPOTENCY_TTL_MS } from '../../shared/constants';
import type { Clock } from './clock';

export interface Answer {
  status: number;
  body: string;
}

/** What a key was first used for, and by whose rights: a repeat must match all of it to be replayed. */
export interface Use {
  /** `POST /api/news` */
  route: string;
  /** sha-256 of the query and the raw JSON body. */
  body: string;
  /** The caller's company, role and roletype: what the route's permission check looked at. */
  rights: string;
}

/**
 * What a key is doing when a request carrying it arrives: free (this request runs, and `settle`
 * keeps its answer or forgets the key), or already used — `use` says for what, and `answer`
 * settles with the first answer, or null when there is nothing to replay (it failed with 5xx).
 */
export type Claim =
  { kind: 'run'; settle: (answer: Answer | null) => void } | { kind: 'seen'; use: Use; answer: Promise<Answer | null> };

/** Where Idempotency-Keys are kept: this process (one server on SQLite) or the store (issue 43). */
export interface IdempotencyBook {
  claim(scope: string, use: Use): Promise<Claim>;
}

interface Entry extends Use {
  expiresAt: number;
  answer: Promise<Answer | null>;
  bytes: number;
}

/**
 * Remembered answers per (caller, Idempotency-Key), in this process: the SQLite store's one
 * server, and the first look of a server on a PostgreSQL store (a double-click's second request
 * waits here without a round trip). A restart inside the window is the one gap, and a restart
 * also drops every in-flight request.
 */
export class IdempotencyStore implements IdempotencyBook {
  private readonly entries = new Map<string, Entry>();
  private bytes = 0;

  constructor(
    private readonly clock: Clock,
    private readonly ttlMs = IDEMPOTENCY_TTL_MS,
    private readonly maxKeys = IDEMPOTENCY_MAX_KEYS,
    private readonly maxBytes = IDEMPOTENCY_MAX_BYTES,
  ) {}

  get size(): number {
    return this.entries.size;
  }

  claim(scope: string, use: Use): Promise<Claim> {
    const seen = this.lookup(scope);
    if (seen) return Promise.resolve({ kind: 'seen', use: seen, answer: seen.answer });
    return Promise.resolve({ kind: 'run', settle: this.begin(scope, use).settle });
  }

  lookup(scope: string): Entry | undefined {
    this.expire();
    return this.entries.get(scope);
  }

  /** Starts an entry whose answer arrives later; `settle` stores or forgets it. */
  begin(scope: string, use: Use): { entry: Entry; settle: (answer: Answer | null) => void } {
    let resolve!: (a: Answer | null) => void;
    const entry: Entry = {
      ...use,
      expiresAt: this.clock.now().getTime() + this.ttlMs,
      answer: new Promise((r) => (resolve = r)),
      bytes: 0,
    };
    this.entries.set(scope, entry);
    this.evictOverflow();
    const settle = (answer: Answer | null) => {
      if (answer && this.entries.get(scope) === entry) {
        entry.bytes = answer.body.length;
        this.bytes += entry.bytes;
        this.evictOverflow();
      } else if (!answer) this.forget(scope, entry);
      resolve(answer);
    };
    return { entry, settle };
  }

  private forget(scope: string, entry: Entry): void {
    if (this.entries.get(scope) !== entry) return;
    this.entries.delete(scope);
    this.bytes -= entry.bytes;
  }

  /** Map order is insertion order and the TTL is fixed, so expired entries are always the oldest. */
  private expire(): void {
    const now = this.clock.now().getTime();
    for (const [scope, entry] of this.entries) {
      if (entry.expiresAt > now) break;
      this.forget(scope, entry);
    }
  }

  private evictOverflow(): void {
    for (const [scope, entry] of this.entries) {
      if (this.entries.size <= this.maxKeys && this.bytes <= this.maxBytes) break;
      this.forget(scope, entry);
    }
  }
}
