import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/sqlite-core';
import type { DbOrTx } from '../../db/client';
import { bulletinItems, bulletins, news, users, type BulletinRow } from '../../db/schema';

const creator = alias(users, 'creator');
const updater = alias(users, 'updater');

export type BulletinPatch = Partial<Omit<typeof bulletins.$inferInsert, 'version'>>;

export class BulletinsRepo {
  constructor(private readonly db: DbOrTx) {}

  /** The company's bulletins (or one of them) with the creator's and last editor's names. */
  list(companyId: number, id?: number) {
    return this.db
      .select({ row: bulletins, createdByName: creator.fullName, updatedByName: updater.fullName })
      .from(bulletins)
      .leftJoin(creator, eq(creator.id, bulletins.createdBy))
      .leftJoin(updater, eq(updater.id, bulletins.updatedBy))
      .where(and(eq(bulletins.companyId, companyId), id === undefined ? undefined : eq(bulletins.id, id)))
      .orderBy(desc(bulletins.createdAt), desc(bulletins.id))
      .all();
  }

  find(companyId: number, id: number): BulletinRow | undefined {
    return this.db
      .select()
      .from(bulletins)
      .where(and(eq(bulletins.companyId, companyId), eq(bulletins.id, id)))
      .get();
  }

  /**
   * Items of many bulletins of one company, with their articles' current title/status/text. The
   * join is company-scoped: another company's article never lends its title (it reads as removed).
   */
  itemsOf(companyId: number, bulletinIds: number[]) {
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
      .orderBy(asc(bulletinItems.bulletinId), asc(bulletinItems.sortOrder), asc(bulletinItems.id))
      .all();
  }

  /** Which of these ids are live (not deleted) articles of the company. */
  liveNewsIds(companyId: number, ids: number[]): Set<number> {
    if (!ids.length) return new Set();
    const rows = this.db
      .select({ id: news.id })
      .from(news)
      .where(and(eq(news.companyId, companyId), eq(news.isDeleted, false), inArray(news.id, ids)))
      .all();
    return new Set(rows.map((r) => r.id));
  }

  /** Ids of the company's bulletins that use this article. */
  usingNews(companyId: number, newsId: number): number[] {
    return this.db
      .selectDistinct({ id: bulletins.id })
      .from(bulletinItems)
      .innerJoin(bulletins, eq(bulletins.id, bulletinItems.bulletinId))
      .where(and(eq(bulletins.companyId, companyId), eq(bulletinItems.newsId, newsId)))
      .all()
      .map((r) => r.id);
  }

  insert(values: typeof bulletins.$inferInsert): BulletinRow {
    return this.db.insert(bulletins).values(values).returning().get();
  }

  /** Every change moves the version on (issue 26); `extra` guards it, e.g. the version a save started from. */
  update(companyId: number, id: number, patch: BulletinPatch, extra?: SQL): BulletinRow | undefined {
    return this.db
      .update(bulletins)
      .set({ ...patch, version: sql`${bulletins.version} + 1` })
      .where(and(eq(bulletins.companyId, companyId), eq(bulletins.id, id), extra))
      .returning()
      .get();
  }

  /** Its items go with it (ON DELETE CASCADE). */
  delete(companyId: number, id: number): BulletinRow | undefined {
    return this.db
      .delete(bulletins)
      .where(and(eq(bulletins.companyId, companyId), eq(bulletins.id, id)))
      .returning()
      .get();
  }

  /** Replaces a bulletin's whole running order (call inside a transaction). */
  replaceItems(bulletinId: number, values: Array<typeof bulletinItems.$inferInsert>): void {
    this.db.delete(bulletinItems).where(eq(bulletinItems.bulletinId, bulletinId)).run();
    if (values.length) this.db.insert(bulletinItems).values(values).run();
  }
}
