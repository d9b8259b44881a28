import { eq, lt, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { companies, sessions, users, type CompanyRow, type SessionRow, type UserRow } from '../../db/schema';

export interface SessionWithUser {
  session: SessionRow;
  user: UserRow;
  company: CompanyRow;
}

export class SessionsRepo {
  /**
   * Every authenticated request looks its session up: built and prepared once, not per call
   * (drizzle building the SQL and SQLite preparing it cost more than the lookup itself).
   */
  private readonly byHash;

  constructor(private readonly db: DbOrTx) {
    this.byHash = db
      .select({ session: sessions, user: users, company: companies })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .innerJoin(companies, eq(companies.id, users.companyId))
      .where(eq(sessions.tokenHash, sql.placeholder('tokenHash')))
      .prepare();
  }

  insert(values: typeof sessions.$inferInsert): SessionRow {
    return this.db.insert(sessions).values(values).returning().get();
  }

  findByHash(tokenHash: string): SessionWithUser | undefined {
    return this.byHash.get({ tokenHash });
  }

  touch(id: number, at: string): void {
    this.db.update(sessions).set({ lastSeenAt: at }).where(eq(sessions.id, id)).run();
  }

  deleteByHash(tokenHash: string): void {
    this.db.delete(sessions).where(eq(sessions.tokenHash, tokenHash)).run();
  }

  deleteByUser(userId: number): void {
    this.db.delete(sessions).where(eq(sessions.userId, userId)).run();
  }

  /** Drops sessions past their absolute expiry or idle since before `idleBefore`. */
  deleteExpired(now: string, idleBefore: string): number {
    return this.db
      .delete(sessions)
      .where(or(lt(sessions.expiresAt, now), lt(sessions.lastSeenAt, idleBefore)))
      .run().changes;
  }
}
