import { and, asc, eq, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import type { UserRow } from '../../db/schema';
import { countAll, first, inCodePointOrder } from '../../db/dialect';
import { type Tables, Repo } from '../../db/store';

export type NewUserRow = Tables['users']['$inferInsert'];
export type UserPatch = Partial<Omit<NewUserRow, 'id' | 'companyId' | 'createdAt' | 'version'>>;

export class UsersRepo extends Repo {
  private get live() {
    return isNull(this.t.users.deletedAt);
  }

  /** Login lookup: across companies, case-insensitive, deleted users excluded. */
  async findByUsername(username: string): Promise<UserRow | undefined> {
    const { users } = this.t;
    return first(
      await this.db
        .select()
        .from(users)
        .where(and(sql`lower(${users.username}) = lower(${username})`, this.live))
        .limit(1),
    );
  }

  async usernameTaken(username: string, exceptId?: number): Promise<boolean> {
    const { users } = this.t;
    const row = first(
      await this.db
        .select({ id: users.id })
        .from(users)
        .where(and(sql`lower(${users.username}) = lower(${username})`, exceptId ? ne(users.id, exceptId) : undefined))
        .limit(1),
    );
    return row !== undefined;
  }

  async findById(companyId: number, id: number): Promise<UserRow | undefined> {
    const { users } = this.t;
    return first(
      await this.db
        .select()
        .from(users)
        .where(and(eq(users.companyId, companyId), eq(users.id, id), this.live)),
    );
  }

  /** The active user of this company linked to a Telegram user / chat id (the bot's sign-in). */
  async findByTelegramId(companyId: number, telegramId: string): Promise<UserRow | undefined> {
    const { users } = this.t;
    return first(
      await this.db
        .select()
        .from(users)
        .where(
          and(eq(users.companyId, companyId), eq(users.telegramId, telegramId), eq(users.isActive, true), this.live),
        )
        .limit(1),
    );
  }

  /** Active users of a company with a linked Telegram chat (personal notifications). */
  listLinked(companyId: number): Promise<UserRow[]> {
    const { users } = this.t;
    return this.db
      .select()
      .from(users)
      .where(and(eq(users.companyId, companyId), isNotNull(users.telegramId), eq(users.isActive, true), this.live));
  }

  listByCompany(companyId: number): Promise<UserRow[]> {
    const { users } = this.t;
    return this.db
      .select()
      .from(users)
      .where(and(eq(users.companyId, companyId), this.live))
      .orderBy(asc(inCodePointOrder(this.db, users.fullName)), asc(users.id));
  }

  async insert(values: NewUserRow): Promise<UserRow> {
    const [row] = await this.db.insert(this.t.users).values(values).returning();
    return row!;
  }

  /** Every change moves the version on (issue 26); a given `version` must still be the stored one. */
  async update(companyId: number, id: number, patch: UserPatch, version?: number): Promise<UserRow | undefined> {
    const { users } = this.t;
    return first(
      await this.db
        .update(users)
        .set({ ...patch, version: sql`${users.version} + 1` })
        .where(
          and(
            eq(users.companyId, companyId),
            eq(users.id, id),
            this.live,
            version === undefined ? undefined : eq(users.version, version),
          ),
        )
        .returning(),
    );
  }

  async countActiveOwners(companyId: number): Promise<number> {
    const { users } = this.t;
    const row = first(
      await this.db
        .select({ n: countAll() })
        .from(users)
        .where(and(eq(users.companyId, companyId), eq(users.role, 'owner'), eq(users.isActive, true), this.live)),
    );
    return row?.n ?? 0;
  }

  async touchLastLogin(id: number, at: string): Promise<void> {
    const { users } = this.t;
    await this.db.update(users).set({ lastLogin: at }).where(eq(users.id, id));
  }
}
