import { eq, lt, or } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { companies, sessions, users, type CompanyRow, type SessionRow, type UserRow } from '../../db/schema';

export interface SessionWithUser {
  session: SessionRow;
  user: UserRow;
  company: CompanyRow;
}

export class SessionsRepo {
  constructor(private readonly db: DbOrTx) {}

  insert(values: typeof sessions.$inferInsert): SessionRow {
    return this.db.insert(sessions).values(values).returning().get();
  }

  findByHash(tokenHash: string): SessionWithUser | undefined {
    return this.db
      .select({ session: sessions, user: users, company: companies })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .innerJoin(companies, eq(companies.id, users.companyId))
      .where(eq(sessions.tokenHash, tokenHash))
      .get();
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
