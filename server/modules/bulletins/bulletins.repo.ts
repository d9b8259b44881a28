import { asc, desc, eq, inArray } from 'drizzle-orm';
import { alias } from 'drizzle-orm/sqlite-core';
import type { DbOrTx } from '../../db/client';
import { bulletinItems, bulletins, news, users, type BulletinRow } from '../../db/schema';

const creator = alias(users, 'creator');
const updater = alias(users, 'updater');

export class BulletinsRepo {
  constructor(private readonly db: DbOrTx) {}

  list(companyId: number) {
    return this.db
      .select({ row: bulletins, createdByName: creator.fullName, updatedByName: updater.fullName })
      .from(bulletins)
      .leftJoin(creator, eq(creator.id, bulletins.createdBy))
      .leftJoin(updater, eq(updater.id, bulletins.updatedBy))
      .where(eq(bulletins.companyId, companyId))
      .orderBy(desc(bulletins.createdAt), desc(bulletins.id))
      .all();
  }

  /** Items of many bulletins at once, with their articles' current title/status. */
  itemsOf(bulletinIds: number[]) {
    if (!bulletinIds.length) return [];
    return this.db
      .select({
        item: bulletinItems,
        newsTitle: news.title,
        newsSubtitle: news.subtitle,
        newsStatus: news.status,
        newsCategory: news.category,
        newsDeleted: news.isDeleted,
      })
      .from(bulletinItems)
      .leftJoin(news, eq(news.id, bulletinItems.newsId))
      .where(inArray(bulletinItems.bulletinId, bulletinIds))
      .orderBy(asc(bulletinItems.bulletinId), asc(bulletinItems.sortOrder))
      .all();
  }

  insert(values: typeof bulletins.$inferInsert): BulletinRow {
    return this.db.insert(bulletins).values(values).returning().get();
  }

  insertItems(values: Array<typeof bulletinItems.$inferInsert>): void {
    if (values.length) this.db.insert(bulletinItems).values(values).run();
  }
}
