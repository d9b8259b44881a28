import { and, asc, eq, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { users, type UserRow } from '../../db/schema';

export type NewUserRow = typeof users.$inferInsert;
export type UserPatch = Partial<Omit<NewUserRow, 'id' | 'companyId' | 'createdAt' | 'version'>>;

const live = isNull(users.deletedAt);

export class UsersRepo {
  constructor(private readonly db: DbOrTx) {}

  /** Login lookup: across companies, case-insensitive, deleted users excluded. */
  findByUsername(username: string): UserRow | undefined {
    return this.db
      .select()
      .from(users)
      .where(and(sql`lower(${users.username}) = lower(${username})`, live))
      .get();
  }

  usernameTaken(username: string, exceptId?: number): boolean {
    const row = this.db
      .select({ id: users.id })
      .from(users)
      .where(and(sql`lower(${users.username}) = lower(${username})`, exceptId ? ne(users.id, exceptId) : undefined))
      .get();
    return row !== undefined;
  }

  findById(companyId: number, id: number): UserRow | undefined {
    return this.db
      .select()
      .from(users)
      .where(and(eq(users.companyId, companyId), eq(users.id, id), live))
      .get();
  }

  /** The active user of this company linked to a Telegram user / chat id (the bot's sign-in). */
  findByTelegramId(companyId: number, telegramId: string): UserRow | undefined {
    return this.db
      .select()
      .from(users)
      .where(and(eq(users.companyId, companyId), eq(users.telegramId, telegramId), eq(users.isActive, true), live))
      .get();
  }

  /** Active users of a company with a linked Telegram chat (personal notifications). */
  listLinked(companyId: number): UserRow[] {
    return this.db
      .select()
      .from(users)
      .where(and(eq(users.companyId, companyId), isNotNull(users.telegramId), eq(users.isActive, true), live))
      .all();
  }

  listByCompany(companyId: number): UserRow[] {
    return this.db
      .select()
      .from(users)
      .where(and(eq(users.companyId, companyId), live))
      .orderBy(asc(users.fullName), asc(users.id))
      .all();
  }

  insert(values: NewUserRow): UserRow {
    return this.db.insert(users).values(values).returning().get();
  }

  /** Every change moves the version on (issue 26); a given `version` must still be the stored one. */
  update(companyId: number, id: number, patch: UserPatch, version?: number): UserRow | undefined {
    return this.db
      .update(users)
      .set({ ...patch, version: sql`${users.version} + 1` })
      .where(
        and(
          eq(users.companyId, companyId),
          eq(users.id, id),
          live,
          version === undefined ? undefined : eq(users.version, version),
        ),
      )
      .returning()
      .get();
  }

  countActiveOwners(companyId: number): number {
    const row = this.db
      .select({ n: sql<number>`count(*)` })
      .from(users)
      .where(and(eq(users.companyId, companyId), eq(users.role, 'owner'), eq(users.isActive, true), live))
      .get();
    return row?.n ?? 0;
  }

  touchLastLogin(id: number, at: string): void {
    this.db.update(users).set({ lastLogin: at }).where(eq(users.id, id)).run();
  }
}
