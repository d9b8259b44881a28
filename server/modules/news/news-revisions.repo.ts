import { and, desc, eq } from 'drizzle-orm';
import { first } from '../../db/dialect';
import type { NewsRevisionRow } from '../../db/schema';
import { type Tables, Repo } from '../../db/store';

/** How many revisions a story's history shows (newest first); older ones stay stored. */
export const REVISIONS_SHOWN = 200;

export class NewsRevisionsRepo extends Repo {
  async insert(values: Tables['newsRevisions']['$inferInsert']): Promise<number> {
    const { newsRevisions } = this.t;
    const [row] = await this.db.insert(newsRevisions).values(values).returning({ id: newsRevisions.id });
    return row!.id;
  }

  async list(companyId: number, newsId: number): Promise<NewsRevisionRow[]> {
    const { newsRevisions } = this.t;
    return this.db
      .select()
      .from(newsRevisions)
      .where(and(eq(newsRevisions.companyId, companyId), eq(newsRevisions.newsId, newsId)))
      .orderBy(desc(newsRevisions.id))
      .limit(REVISIONS_SHOWN);
  }

  async find(companyId: number, newsId: number, id: number): Promise<NewsRevisionRow | undefined> {
    const { newsRevisions } = this.t;
    return first(
      await this.db
        .select()
        .from(newsRevisions)
        .where(and(eq(newsRevisions.companyId, companyId), eq(newsRevisions.newsId, newsId), eq(newsRevisions.id, id))),
    );
  }
}
