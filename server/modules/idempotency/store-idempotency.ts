import { IDEMPOTENCY_TTL_MS } from '../../../shared/constants';
import type { Store } from '../../db/store';
import type { Clock } from '../../lib/clock';
import { conflict, storeUnreachable } from '../../lib/errors';
import {
  IdempotencyStore,
  type Answer,
  type Claim,
  type IdempotencyBook,
  type Use,
} from '../../lib/idempotency-memory';
import { keyStatement, type KeyRow } from './idempotency.repo';

export interface StoreIdempotencyOptions {
  store: Store;
  clock: Clock;
  /** This server's id (its relay connections'), written as the holder of the keys it runs. */
  serverId: string;
  /** The ids of every server on the store now: a key held by a server not among them is freed. */
  livingServers(): Promise<string[]>;
  /** True while the store is known not to answer (a main lost, issue 43): keys are kept here only. */
  storeSilent?(): boolean;
  /** How often a repeat looks whether another server's first request has answered. */
  pollMs?: number;
  ttlMs?: number;
}

/** Expired keys are removed at most this often, by whichever server claims a key then. */
const PURGE_EVERY_MS = 60_000;
/** A key found taken, then gone, then taken again so often is a storm of duplicates: refuse. */
const MAX_TRIES = 5;

/**
 * Idempotency-Keys shared by every server on a PostgreSQL store (issue 43): a repeat sent to any
 * server gets the first answer. The key is taken by one insert (the engine's primary key decides
 * between servers); duplicates on the same server wait in memory without a round trip, as on
 * SQLite; a repeat on another server waits for the row's answer, and takes the key over when its
 * holder is no longer on the store (killed mid-request: nothing was answered, so nothing is replayed).
 */
export class StoreIdempotency implements IdempotencyBook {
  private readonly here: IdempotencyStore;
  private readonly ttlMs: number;
  private purgedAt = 0;

  constructor(private readonly options: StoreIdempotencyOptions) {
    this.ttlMs = options.ttlMs ?? IDEMPOTENCY_TTL_MS;
    this.here = new IdempotencyStore(options.clock, this.ttlMs);
  }

  async claim(scope: string, use: Use): Promise<Claim> {
    const local = this.here.lookup(scope);
    if (local) return { kind: 'seen', use: local, answer: local.answer };
    // Taken here before the round trip: this server's own duplicates wait on this request.
    const { settle } = this.here.begin(scope, use);
    // While the main is silent only this process can keep the key: the takeover must not wait for it.
    if (this.options.storeSilent?.()) return { kind: 'run', settle };
    try {
      const claim = await this.claimInStore(scope, use);
      if (claim.kind === 'run')
        return {
          kind: 'run',
          settle: (answer) => {
            settle(answer);
            void this.keep(scope, answer).catch(() => undefined);
          },
        };
      // Another request's key: this server's duplicates get what this request gets.
      if (!sameUse(claim.use, use)) settle(null);
      else void claim.answer.then(settle, () => settle(null));
      return claim;
    } catch (error) {
      // The store went away under us: the request runs and meets the store (or not) itself.
      if (storeUnreachable(error)) return { kind: 'run', settle };
      settle(null);
      throw error;
    }
  }

  private async claimInStore(scope: string, use: Use): Promise<Claim> {
    const { serverId, clock } = this.options;
    for (let tries = 0; tries < MAX_TRIES; tries++) {
      const now = clock.now().getTime();
      await this.purge(now);
      const expiresAt = new Date(now + this.ttlMs).toISOString();
      const row = { scope, ...use, holder: serverId, expiresAt };
      // One transaction: the key taken, or the row that holds it (a repeat's common case, one trip).
      const seen = await keyStatement(this.options.store, async (repo) =>
        (await repo.take(row)) ? 'taken' : ((await repo.get(scope)) ?? null),
      );
      if (seen === 'taken') return { kind: 'run', settle: () => {} };
      if (!seen) continue;
      if (seen.expiresAt <= new Date(now).toISOString() || (await this.orphaned(seen))) {
        await keyStatement(this.options.store, (repo) => repo.free(scope, seen.holder));
        continue;
      }
      return { kind: 'seen', use: seen, answer: this.answerOf(seen) };
    }
    throw conflict('This Idempotency-Key is busy with other requests; send a new key for each action');
  }

  /** The answer of the server running the key's first request, or null when it left none. */
  private async answerOf(first: KeyRow): Promise<Answer | null> {
    let row: KeyRow | undefined = first;
    for (;;) {
      if (row.status !== null) return { status: row.status, body: row.answer ?? 'null' };
      const holder: string = row.holder;
      if (await this.orphaned(row)) {
        await keyStatement(this.options.store, (repo) => repo.free(first.scope, holder));
        return null;
      }
      if (row.expiresAt <= this.options.clock.now().toISOString()) return null;
      await new Promise((r) => setTimeout(r, this.options.pollMs ?? 100));
      row = await keyStatement(this.options.store, (repo) => repo.get(first.scope));
      if (!row || row.holder !== holder) return null;
    }
  }

  /** A first request that will never answer: its server is no longer on the store (killed mid-request). */
  private async orphaned(row: KeyRow): Promise<boolean> {
    return row.status === null && !(await this.options.livingServers()).includes(row.holder);
  }

  /** The first answer for repeats on every server; a 5xx (or none) frees the key for another try. */
  private keep(scope: string, answer: Answer | null): Promise<void> {
    const { store, serverId } = this.options;
    return keyStatement(store, (repo) => (answer ? repo.keep(scope, serverId, answer) : repo.free(scope, serverId)));
  }

  private async purge(now: number): Promise<void> {
    if (now - this.purgedAt < PURGE_EVERY_MS) return;
    this.purgedAt = now;
    await keyStatement(this.options.store, (repo) => repo.forgetBefore(new Date(now).toISOString()));
  }
}

const sameUse = (a: Use, b: Use) => a.route === b.route && a.body === b.body && a.rights === b.rights;
