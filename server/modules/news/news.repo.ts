import { and, asc, desc, eq, inArray, lte, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/sqlite-core';
import type { NewsListStatus } from '../../../shared/contracts/news';
import { NEWS_ON_AIR_STATUSES } from '../../../shared/news-on-air';
import type { DbOrTx } from '../../db/client';
import { news, users, type NewsRow } from '../../db/schema';

export type NewNewsRow = typeof news.$inferInsert;
export type NewsPatch = Partial<Omit<NewNewsRow, 'id' | 'companyId' | 'createdAt' | 'createdBy' | 'version'>>;

export interface NewsWithNames {
  row: NewsRow;
  createdByName: string | null;
  approvedByName: string | null;
  publishedByName: string | null;
}

const creator = alias(users, 'creator');
const approver = alias(users, 'approver');
const publisher = alias(users, 'publisher');
const deleter = alias(users, 'deleter');

/** 'on_air' = every status a story may go to air in (issue 39). */
function statusWhere(status: NewsListStatus | undefined): SQL | undefined {
  if (!status) return undefined;
  return status === 'on_air' ? inArray(news.status, [...NEWS_ON_AIR_STATUSES]) : eq(news.status, status);
}

export class NewsRepo {
  constructor(private readonly db: DbOrTx) {}

  private selectWithNames() {
    return this.db
      .select({
        row: news,
        createdByName: creator.fullName,
        approvedByName: approver.fullName,
        publishedByName: publisher.fullName,
      })
      .from(news)
      .leftJoin(creator, eq(creator.id, news.createdBy))
      .leftJoin(approver, eq(approver.id, news.approvedBy))
      .leftJoin(publisher, eq(publisher.id, news.publishedBy));
  }

  private liveWhere(companyId: number, status?: NewsListStatus): SQL | undefined {
    return and(eq(news.companyId, companyId), eq(news.isDeleted, false), statusWhere(status));
  }

  /**
   * Not-deleted articles of a company, newest first. Two steps: the page's ids come from the
   * index alone (skipping OFFSET rows there costs ~1 ms at 100k rows), then only those rows are
   * joined to their authors' names (joining before the offset cost 15 ms).
   */
  list(companyId: number, opts: { status?: NewsListStatus; limit: number; offset: number }): NewsWithNames[] {
    return this.withNames(this.listIds(companyId, opts));
  }

  /** The ids of `list`, in its order (from the index alone). */
  listIds(companyId: number, opts: { status?: NewsListStatus; limit: number; offset: number }): number[] {
    return this.db
      .select({ id: news.id })
      .from(news)
      .where(this.liveWhere(companyId, opts.status))
      .orderBy(desc(news.createdAt), desc(news.id))
      .limit(opts.limit)
      .offset(opts.offset)
      .all()
      .map((r) => r.id);
  }

  /** These articles with their authors' names, newest first (the order of `listIds`). */
  withNames(ids: number[]): NewsWithNames[] {
    if (!ids.length) return [];
    return this.selectWithNames().where(inArray(news.id, ids)).orderBy(desc(news.createdAt), desc(news.id)).all();
  }

  /** Titles of live on-air (approved or published, issue 39), unexpired articles, newest first (the crawler's source). */
  approvedTitles(companyId: number, limit: number): Array<{ id: number; title: string }> {
    return this.db
      .select({ id: news.id, title: news.title })
      .from(news)
      .where(and(this.liveWhere(companyId, 'on_air'), eq(news.isExpired, false)))
      .orderBy(desc(news.createdAt), desc(news.id))
      .limit(limit)
      .all();
  }

  count(companyId: number, status?: NewsListStatus): number {
    return (
      this.db
        .select({ n: sql<number>`count(*)` })
        .from(news)
        .where(this.liveWhere(companyId, status))
        .get()?.n ?? 0
    );
  }

  findWithNames(companyId: number, id: number): NewsWithNames | undefined {
    return this.selectWithNames()
      .where(and(eq(news.companyId, companyId), eq(news.id, id)))
      .get();
  }

  find(companyId: number, id: number): NewsRow | undefined {
    return this.db
      .select()
      .from(news)
      .where(and(eq(news.companyId, companyId), eq(news.id, id)))
      .get();
  }

  insert(values: NewNewsRow): NewsRow {
    return this.db.insert(news).values(values).returning().get();
  }

  /** Every change moves the version on (issue 26), so a save from before it is refused. */
  update(companyId: number, id: number, patch: NewsPatch, extra?: SQL): NewsRow | undefined {
    return this.db
      .update(news)
      .set({ ...patch, version: sql`${news.version} + 1` })
      .where(and(eq(news.companyId, companyId), eq(news.id, id), extra))
      .returning()
      .get();
  }

  /** The bin, soonest purged first, with the name of who deleted each (issue 39). */
  listDeleted(companyId: number): Array<{ row: NewsRow; deletedByName: string | null }> {
    return this.db
      .select({ row: news, deletedByName: deleter.fullName })
      .from(news)
      .leftJoin(deleter, eq(deleter.id, news.deletedBy))
      .where(and(eq(news.companyId, companyId), eq(news.isDeleted, true)))
      .orderBy(asc(news.scheduledForDeletion))
      .all();
  }

  /** Permanently removes deleted articles whose time is up; all companies when companyId is null. */
  purgeExpired(now: string, companyId: number | null): Array<{ id: number; companyId: number }> {
    return this.db
      .delete(news)
      .where(
        and(
          eq(news.isDeleted, true),
          lte(news.scheduledForDeletion, now),
          companyId === null ? undefined : eq(news.companyId, companyId),
        ),
      )
      .returning({ id: news.id, companyId: news.companyId })
      .all();
  }

  deleteDeleted(companyId: number, id: number): boolean {
    return (
      this.db
        .delete(news)
        .where(and(eq(news.companyId, companyId), eq(news.id, id), eq(news.isDeleted, true)))
        .run().changes > 0
    );
  }
}
