import { and, eq, lte, sql } from 'drizzle-orm';
import { Repo, type Store } from '../../db/store';
import type { Answer, Use } from '../../lib/idempotency-memory';

export interface KeyRow extends Use {
  scope: string;
  holder: string;
  expiresAt: string;
  status: number | null;
  answer: string | null;
}

/** SQL of the shared Idempotency-Keys (`idempotency_keys`, issue 43). */
export class IdempotencyRepo extends Repo {
  /** True when this server now holds the key (it was free). */
  async take(row: Omit<KeyRow, 'status' | 'answer'>): Promise<boolean> {
    const t = this.t.idempotencyKeys;
    const taken = await this.db.insert(t).values(row).onConflictDoNothing().returning({ scope: t.scope });
    return taken.length === 1;
  }

  async get(scope: string): Promise<KeyRow | undefined> {
    const t = this.t.idempotencyKeys;
    const [row] = await this.db.select().from(t).where(eq(t.scope, scope));
    return row;
  }

  async keep(scope: string, holder: string, answer: Answer): Promise<void> {
    const t = this.t.idempotencyKeys;
    await this.db
      .update(t)
      .set({ status: answer.status, answer: answer.body })
      .where(and(eq(t.scope, scope), eq(t.holder, holder)));
  }

  /** Frees a key its holder left: nothing to replay, expired, or its server is gone. */
  async free(scope: string, holder: string): Promise<void> {
    const t = this.t.idempotencyKeys;
    await this.db.delete(t).where(and(eq(t.scope, scope), eq(t.holder, holder)));
  }

  async forgetBefore(now: string): Promise<void> {
    const t = this.t.idempotencyKeys;
    await this.db.delete(t).where(lte(t.expiresAt, now));
  }
}

/**
 * One short statement outside the stations' writes (no station's lock: the key is the caller's),
 * committed without waiting for the disk: the station's write that follows is flushed with it
 * (the engine's log is written in order), and a lost answer only costs a repeat its replay.
 */
export function keyStatement<T>(store: Store, fn: (repo: IdempotencyRepo) => Promise<T>): Promise<T> {
  return store.read((q) =>
    q.transaction(async (tx) => {
      await tx.execute(sql`set local synchronous_commit = off`);
      return fn(new IdempotencyRepo(tx));
    }),
  );
}
