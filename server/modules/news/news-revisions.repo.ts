import { and, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { newsRevisions, type NewsRevisionRow } from '../../db/schema';

/** How many revisions a story's history shows (newest first); older ones stay stored. */
export const REVISIONS_SHOWN = 200;

export class NewsRevisionsRepo {
  constructor(private readonly db: DbOrTx) {}

  insert(values: typeof newsRevisions.$inferInsert): number {
    return this.db.insert(newsRevisions).values(values).returning({ id: newsRevisions.id }).get().id;
  }

  list(companyId: number, newsId: number): NewsRevisionRow[] {
    return this.db
      .select()
      .from(newsRevisions)
      .where(and(eq(newsRevisions.companyId, companyId), eq(newsRevisions.newsId, newsId)))
      .orderBy(desc(newsRevisions.id))
      .limit(REVISIONS_SHOWN)
      .all();
  }

  find(companyId: number, newsId: number, id: number): NewsRevisionRow | undefined {
    return this.db
      .select()
      .from(newsRevisions)
      .where(and(eq(newsRevisions.companyId, companyId), eq(newsRevisions.newsId, newsId), eq(newsRevisions.id, id)))
      .get();
  }
}
