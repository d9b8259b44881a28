import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { first } from '../../db/dialect';
import type { BulletinRow } from '../../db/schema';
import { type Q, type Tables, Repo } from '../../db/store';

export type BulletinPatch = Partial<Omit<Tables['bulletins']['$inferInsert'], 'version'>>;

export class BulletinsRepo extends Repo {
  // The users table under other names, one per join (of the engine's own users table).
  private readonly creator;
  private readonly updater;

  constructor(db: Q) {
    super(db);
    this.creator = alias(this.t.users, 'creator');
    this.updater = alias(this.t.users, 'updater');
  }

  /** The company's bulletins (or one of them) with the creator's and last editor's names. */
  async list(companyId: number, id?: number) {
    const { bulletins } = this.t;
    const { creator, updater } = this;
    return this.db
      .select({ row: bulletins, createdByName: creator.fullName, updatedByName: updater.fullName })
      .from(bulletins)
      .leftJoin(creator, eq(creator.id, bulletins.createdBy))
      .leftJoin(updater, eq(updater.id, bulletins.updatedBy))
      .where(and(eq(bulletins.companyId, companyId), id === undefined ? undefined : eq(bulletins.id, id)))
      .orderBy(desc(bulletins.createdAt), desc(bulletins.id));
  }

  async find(companyId: number, id: number): Promise<BulletinRow | undefined> {
    const { bulletins } = this.t;
    return first(
      await this.db
        .select()
        .from(bulletins)
        .where(and(eq(bulletins.companyId, companyId), eq(bulletins.id, id))),
    );
  }

  /**
   * Items of many bulletins of one company, with their articles' current title/status/text. The
   * join is company-scoped: another company's article never lends its title (it reads as removed).
   */
  async itemsOf(companyId: number, bulletinIds: number[]) {
    const { bulletinItems, news } = this.t;
    if (!bulletinIds.length) return [];
    return this.db
      .select({
        item: bulletinItems,
        newsTitle: news.title,
        newsSubtitle: news.subtitle,
        newsStatus: news.status,
        newsCategory: news.category,
        newsContent: news.content,
        newsDeleted: news.isDeleted,
      })
      .from(bulletinItems)
      .leftJoin(news, and(eq(news.id, bulletinItems.newsId), eq(news.companyId, companyId)))
      .where(inArray(bulletinItems.bulletinId, bulletinIds))
      .orderBy(asc(bulletinItems.bulletinId), asc(bulletinItems.sortOrder), asc(bulletinItems.id));
  }

  /** Which of these ids are live (not deleted) articles of the company. */
  async liveNewsIds(companyId: number, ids: number[]): Promise<Set<number>> {
    const { news } = this.t;
    if (!ids.length) return new Set();
    const rows = await this.db
      .select({ id: news.id })
      .from(news)
      .where(and(eq(news.companyId, companyId), eq(news.isDeleted, false), inArray(news.id, ids)));
    return new Set(rows.map((r) => r.id));
  }

  /** Ids of the company's bulletins that use this article. */
  async usingNews(companyId: number, newsId: number): Promise<number[]> {
    const { bulletinItems, bulletins } = this.t;
    const rows = await this.db
      .selectDistinct({ id: bulletins.id })
      .from(bulletinItems)
      .innerJoin(bulletins, eq(bulletins.id, bulletinItems.bulletinId))
      .where(and(eq(bulletins.companyId, companyId), eq(bulletinItems.newsId, newsId)));
    return rows.map((r) => r.id);
  }

  async insert(values: Tables['bulletins']['$inferInsert']): Promise<BulletinRow> {
    const [row] = await this.db.insert(this.t.bulletins).values(values).returning();
    return row!;
  }

  /** Every change moves the version on (issue 26); `extra` guards it, e.g. the version a save started from. */
  async update(companyId: number, id: number, patch: BulletinPatch, extra?: SQL): Promise<BulletinRow | undefined> {
    const { bulletins } = this.t;
    return first(
      await this.db
        .update(bulletins)
        .set({ ...patch, version: sql`${bulletins.version} + 1` })
        .where(and(eq(bulletins.companyId, companyId), eq(bulletins.id, id), extra))
        .returning(),
    );
  }

  /** Its items go with it (ON DELETE CASCADE). */
  async delete(companyId: number, id: number): Promise<BulletinRow | undefined> {
    const { bulletins } = this.t;
    return first(
      await this.db
        .delete(bulletins)
        .where(and(eq(bulletins.companyId, companyId), eq(bulletins.id, id)))
        .returning(),
    );
  }

  /** Replaces a bulletin's whole running order (call inside a write). */
  async replaceItems(bulletinId: number, values: Array<Tables['bulletinItems']['$inferInsert']>): Promise<void> {
    const { bulletinItems } = this.t;
    await this.db.delete(bulletinItems).where(eq(bulletinItems.bulletinId, bulletinId));
    if (values.length) await this.db.insert(bulletinItems).values(values);
  }
}
