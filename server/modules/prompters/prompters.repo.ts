import { and, asc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  bulletinItems,
  bulletins,
  news,
  prompterSessions,
  prompters,
  type PrompterRow,
  type PrompterSessionRow,
} from '../../db/schema';

export type PrompterPatch = Partial<Omit<typeof prompters.$inferInsert, 'version'>>;

/** SQL of prompters and their sessions; every query is scoped by company. */
export class PromptersRepo {
  constructor(private readonly db: DbOrTx) {}

  list(companyId: number): PrompterRow[] {
    return this.db.select().from(prompters).where(eq(prompters.companyId, companyId)).orderBy(asc(prompters.id)).all();
  }

  find(companyId: number, id: number): PrompterRow | undefined {
    return this.db
      .select()
      .from(prompters)
      .where(and(eq(prompters.companyId, companyId), eq(prompters.id, id)))
      .get();
  }

  insert(values: typeof prompters.$inferInsert): PrompterRow {
    return this.db.insert(prompters).values(values).returning().get();
  }

  /** Every change moves the version on (issue 26); `extra` guards it, e.g. the version a save started from. */
  update(companyId: number, id: number, patch: PrompterPatch, extra?: SQL): PrompterRow | undefined {
    return this.db
      .update(prompters)
      .set({ ...patch, version: sql`${prompters.version} + 1` })
      .where(and(eq(prompters.companyId, companyId), eq(prompters.id, id), extra))
      .returning()
      .get();
  }

  delete(companyId: number, id: number): PrompterRow | undefined {
    return this.db
      .delete(prompters)
      .where(and(eq(prompters.companyId, companyId), eq(prompters.id, id)))
      .returning()
      .get();
  }

  /** Which of `ids` are bulletins of the company. */
  ownBulletinIds(companyId: number, ids: number[]): Set<number> {
    if (!ids.length) return new Set();
    const rows = this.db
      .select({ id: bulletins.id })
      .from(bulletins)
      .where(and(eq(bulletins.companyId, companyId), inArray(bulletins.id, ids)))
      .all();
    return new Set(rows.map((r) => r.id));
  }

  bulletin(companyId: number, id: number) {
    return this.db
      .select({ id: bulletins.id, title: bulletins.title })
      .from(bulletins)
      .where(and(eq(bulletins.companyId, companyId), eq(bulletins.id, id)))
      .get();
  }

  /**
   * A bulletin's items in running order with their articles — only articles of the same company
   * (an item pointing at another station's article reads as missing, never leaks its text).
   */
  scriptItems(companyId: number, bulletinId: number) {
    return this.db
      .select({
        id: bulletinItems.id,
        type: bulletinItems.type,
        breakType: bulletinItems.breakType,
        newsId: bulletinItems.newsId,
        newsTitle: news.title,
        newsSubtitle: news.subtitle,
        newsContent: news.content,
        newsDeleted: news.isDeleted,
        newsVersion: news.version,
      })
      .from(bulletinItems)
      .leftJoin(news, and(eq(news.id, bulletinItems.newsId), eq(news.companyId, companyId)))
      .where(eq(bulletinItems.bulletinId, bulletinId))
      .orderBy(asc(bulletinItems.sortOrder), asc(bulletinItems.id))
      .all();
  }

  insertSession(values: typeof prompterSessions.$inferInsert): PrompterSessionRow {
    return this.db.insert(prompterSessions).values(values).returning().get();
  }

  findSession(companyId: number, id: number): PrompterSessionRow | undefined {
    return this.db
      .select()
      .from(prompterSessions)
      .where(and(eq(prompterSessions.companyId, companyId), eq(prompterSessions.id, id)))
      .get();
  }

  /** Ends a session that is still open; undefined when it was already ended (or is not ours). */
  endSession(companyId: number, id: number, at: string, actions?: unknown[]): PrompterSessionRow | undefined {
    const patch = actions ? { sessionEnd: at, actions } : { sessionEnd: at };
    return this.db
      .update(prompterSessions)
      .set(patch)
      .where(
        and(
          eq(prompterSessions.companyId, companyId),
          eq(prompterSessions.id, id),
          isNull(prompterSessions.sessionEnd),
        ),
      )
      .returning()
      .get();
  }
}
