import { eq, lt, or, sql } from 'drizzle-orm';
import type { CompanyRow, SessionRow, UserRow } from '../../db/schema';
import { first } from '../../db/dialect';
import { isSqlite, type Q, type Tables, Repo } from '../../db/store';

export interface SessionWithUser {
  session: SessionRow;
  user: UserRow;
  company: CompanyRow;
}

type ByHash = (tokenHash: string) => Promise<SessionWithUser | undefined>;

/**
 * Every authenticated request looks its session up: on SQLite the statement is built and prepared
 * once per connection, not per call (drizzle building the SQL and SQLite preparing it cost more
 * than the lookup itself); PostgreSQL gets a named prepared statement.
 */
const lookups = new WeakMap<object, ByHash>();

function byHashOn(db: Q, t: Tables): ByHash {
  const known = lookups.get(db);
  if (known) return known;
  const { sessions, users, companies } = t;
  const query = db
    .select({ session: sessions, user: users, company: companies })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .innerJoin(companies, eq(companies.id, users.companyId))
    .where(eq(sessions.tokenHash, sql.placeholder('tokenHash')));
  let lookup: ByHash;
  if (isSqlite(db)) {
    const prepared = (query as unknown as { prepare(): { get(p: object): SessionWithUser | undefined } }).prepare();
    lookup = (tokenHash) => Promise.resolve(prepared.get({ tokenHash }));
  } else {
    const prepared = query.prepare('session_by_token_hash');
    lookup = async (tokenHash) => first(await prepared.execute({ tokenHash }));
  }
  lookups.set(db, lookup);
  return lookup;
}

export class SessionsRepo extends Repo {
  async insert(values: Tables['sessions']['$inferInsert']): Promise<SessionRow> {
    const [row] = await this.db.insert(this.t.sessions).values(values).returning();
    return row!;
  }

  findByHash(tokenHash: string): Promise<SessionWithUser | undefined> {
    return byHashOn(this.db, this.t)(tokenHash);
  }

  async touch(id: number, at: string): Promise<void> {
    const { sessions } = this.t;
    await this.db.update(sessions).set({ lastSeenAt: at }).where(eq(sessions.id, id));
  }

  async deleteByHash(tokenHash: string): Promise<void> {
    const { sessions } = this.t;
    await this.db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
  }

  async deleteByUser(userId: number): Promise<void> {
    const { sessions } = this.t;
    await this.db.delete(sessions).where(eq(sessions.userId, userId));
  }

  /** Drops sessions past their absolute expiry or idle since before `idleBefore`. */
  async deleteExpired(now: string, idleBefore: string): Promise<number> {
    const { sessions } = this.t;
    const gone = await this.db
      .delete(sessions)
      .where(or(lt(sessions.expiresAt, now), lt(sessions.lastSeenAt, idleBefore)))
      .returning({ id: sessions.id });
    return gone.length;
  }
}
