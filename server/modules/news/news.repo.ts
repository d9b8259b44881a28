import { and, asc, desc, eq, inArray, lte, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { NewsListStatus } from '../../../shared/contracts/news';
import { NEWS_ON_AIR_STATUSES } from '../../../shared/news-on-air';
import { countAll, first } from '../../db/dialect';
import type { NewsRow } from '../../db/schema';
import { type Q, type Tables, Repo } from '../../db/store';

export type NewNewsRow = Tables['news']['$inferInsert'];
export type NewsPatch = Partial<Omit<NewNewsRow, 'id' | 'companyId' | 'createdAt' | 'createdBy' | 'version'>>;

export interface NewsWithNames {
  row: NewsRow;
  createdByName: string | null;
  approvedByName: string | null;
  publishedByName: string | null;
}

export class NewsRepo extends Repo {
  // The users table under other names, one per join (of the engine's own users table).
  private readonly creator;
  private readonly approver;
  private readonly publisher;
  private readonly deleter;

  constructor(db: Q) {
    super(db);
    this.creator = alias(this.t.users, 'creator');
    this.approver = alias(this.t.users, 'approver');
    this.publisher = alias(this.t.users, 'publisher');
    this.deleter = alias(this.t.users, 'deleter');
  }

  private selectWithNames() {
    const { news } = this.t;
    const { creator, approver, publisher } = this;
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

  /** 'on_air' = every status a story may go to air in (issue 39). */
  private statusWhere(status: NewsListStatus | undefined): SQL | undefined {
    const { news } = this.t;
    if (!status) return undefined;
    return status === 'on_air' ? inArray(news.status, [...NEWS_ON_AIR_STATUSES]) : eq(news.status, status);
  }

  private liveWhere(companyId: number, status?: NewsListStatus): SQL | undefined {
    const { news } = this.t;
    return and(eq(news.companyId, companyId), eq(news.isDeleted, false), this.statusWhere(status));
  }

  /**
   * Not-deleted articles of a company, newest first. Two steps: the page's ids come from the
   * index alone (skipping OFFSET rows there costs ~1 ms at 100k rows), then only those rows are
   * joined to their authors' names (joining before the offset cost 15 ms).
   */
  async list(
    companyId: number,
    opts: { status?: NewsListStatus; limit: number; offset: number },
  ): Promise<NewsWithNames[]> {
    return this.withNames(await this.listIds(companyId, opts));
  }

  /** The ids of `list`, in its order (from the index alone). */
  async listIds(
    companyId: number,
    opts: { status?: NewsListStatus; limit: number; offset: number },
  ): Promise<number[]> {
    const { news } = this.t;
    const rows = await this.db
      .select({ id: news.id })
      .from(news)
      .where(this.liveWhere(companyId, opts.status))
      .orderBy(desc(news.createdAt), desc(news.id))
      .limit(opts.limit)
      .offset(opts.offset);
    return rows.map((r) => r.id);
  }

  /** These articles with their authors' names, newest first (the order of `listIds`). */
  async withNames(ids: number[]): Promise<NewsWithNames[]> {
    const { news } = this.t;
    if (!ids.length) return [];
    return this.selectWithNames().where(inArray(news.id, ids)).orderBy(desc(news.createdAt), desc(news.id));
  }

  /** Titles of live on-air (approved or published, issue 39), unexpired articles, newest first (the crawler's source). */
  async approvedTitles(companyId: number, limit: number): Promise<Array<{ id: number; title: string }>> {
    const { news } = this.t;
    return this.db
      .select({ id: news.id, title: news.title })
      .from(news)
      .where(and(this.liveWhere(companyId, 'on_air'), eq(news.isExpired, false)))
      .orderBy(desc(news.createdAt), desc(news.id))
      .limit(limit);
  }

  async count(companyId: number, status?: NewsListStatus): Promise<number> {
    const { news } = this.t;
    return first(await this.db.select({ n: countAll() }).from(news).where(this.liveWhere(companyId, status)))?.n ?? 0;
  }

  async findWithNames(companyId: number, id: number): Promise<NewsWithNames | undefined> {
    const { news } = this.t;
    return first(await this.selectWithNames().where(and(eq(news.companyId, companyId), eq(news.id, id))));
  }

  async find(companyId: number, id: number): Promise<NewsRow | undefined> {
    const { news } = this.t;
    return first(
      await this.db
        .select()
        .from(news)
        .where(and(eq(news.companyId, companyId), eq(news.id, id))),
    );
  }

  async insert(values: NewNewsRow): Promise<NewsRow> {
    const [row] = await this.db.insert(this.t.news).values(values).returning();
    return row!;
  }

  /** Every change moves the version on (issue 26), so a save from before it is refused. */
  async update(companyId: number, id: number, patch: NewsPatch, extra?: SQL): Promise<NewsRow | undefined> {
    const { news } = this.t;
    return first(
      await this.db
        .update(news)
        .set({ ...patch, version: sql`${news.version} + 1` })
        .where(and(eq(news.companyId, companyId), eq(news.id, id), extra))
        .returning(),
    );
  }

  /** The bin, soonest purged first, with the name of who deleted each (issue 39). */
  async listDeleted(companyId: number): Promise<Array<{ row: NewsRow; deletedByName: string | null }>> {
    const { news } = this.t;
    const { deleter } = this;
    // Stories deleted at the same moment come by id: without it each engine picks its own order.
    return this.db
      .select({ row: news, deletedByName: deleter.fullName })
      .from(news)
      .leftJoin(deleter, eq(deleter.id, news.deletedBy))
      .where(and(eq(news.companyId, companyId), eq(news.isDeleted, true)))
      .orderBy(asc(news.scheduledForDeletion), asc(news.id));
  }

  /** The companies with deleted articles whose time is up (the purge job writes each as its own station). */
  async companiesWithExpired(now: string): Promise<number[]> {
    const { news } = this.t;
    const rows = await this.db
      .selectDistinct({ companyId: news.companyId })
      .from(news)
      .where(and(eq(news.isDeleted, true), lte(news.scheduledForDeletion, now)));
    return rows.map((r) => r.companyId);
  }

  /** Permanently removes deleted articles whose time is up; all companies when companyId is null. */
  async purgeExpired(now: string, companyId: number | null): Promise<Array<{ id: number; companyId: number }>> {
    const { news } = this.t;
    return this.db
      .delete(news)
      .where(
        and(
          eq(news.isDeleted, true),
          lte(news.scheduledForDeletion, now),
          companyId === null ? undefined : eq(news.companyId, companyId),
        ),
      )
      .returning({ id: news.id, companyId: news.companyId });
  }

  async deleteDeleted(companyId: number, id: number): Promise<boolean> {
    const { news } = this.t;
    const deleted = await this.db
      .delete(news)
      .where(and(eq(news.companyId, companyId), eq(news.id, id), eq(news.isDeleted, true)))
      .returning({ id: news.id });
    return deleted.length > 0;
  }
}
