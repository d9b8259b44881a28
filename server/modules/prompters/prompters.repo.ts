import { and, asc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { first } from '../../db/dialect';
import type { PrompterRow, PrompterSessionRow } from '../../db/schema';
import { type Tables, Repo } from '../../db/store';

export type PrompterPatch = Partial<Omit<Tables['prompters']['$inferInsert'], 'version'>>;

/** SQL of prompters and their sessions; every query is scoped by company. */
export class PromptersRepo extends Repo {
  async list(companyId: number): Promise<PrompterRow[]> {
    const { prompters } = this.t;
    return this.db.select().from(prompters).where(eq(prompters.companyId, companyId)).orderBy(asc(prompters.id));
  }

  async find(companyId: number, id: number): Promise<PrompterRow | undefined> {
    const { prompters } = this.t;
    return first(
      await this.db
        .select()
        .from(prompters)
        .where(and(eq(prompters.companyId, companyId), eq(prompters.id, id))),
    );
  }

  async insert(values: Tables['prompters']['$inferInsert']): Promise<PrompterRow> {
    const [row] = await this.db.insert(this.t.prompters).values(values).returning();
    return row!;
  }

  /** Every change moves the version on (issue 26); `extra` guards it, e.g. the version a save started from. */
  async update(companyId: number, id: number, patch: PrompterPatch, extra?: SQL): Promise<PrompterRow | undefined> {
    const { prompters } = this.t;
    return first(
      await this.db
        .update(prompters)
        .set({ ...patch, version: sql`${prompters.version} + 1` })
        .where(and(eq(prompters.companyId, companyId), eq(prompters.id, id), extra))
        .returning(),
    );
  }

  async delete(companyId: number, id: number): Promise<PrompterRow | undefined> {
    const { prompters } = this.t;
    return first(
      await this.db
        .delete(prompters)
        .where(and(eq(prompters.companyId, companyId), eq(prompters.id, id)))
        .returning(),
    );
  }

  /** Which of `ids` are bulletins of the company. */
  async ownBulletinIds(companyId: number, ids: number[]): Promise<Set<number>> {
    const { bulletins } = this.t;
    if (!ids.length) return new Set();
    const rows = await this.db
      .select({ id: bulletins.id })
      .from(bulletins)
      .where(and(eq(bulletins.companyId, companyId), inArray(bulletins.id, ids)));
    return new Set(rows.map((r) => r.id));
  }

  async bulletin(companyId: number, id: number): Promise<{ id: number; title: string } | undefined> {
    const { bulletins } = this.t;
    return first(
      await this.db
        .select({ id: bulletins.id, title: bulletins.title })
        .from(bulletins)
        .where(and(eq(bulletins.companyId, companyId), eq(bulletins.id, id))),
    );
  }

  /**
   * A bulletin's items in running order with their articles — only articles of the same company
   * (an item pointing at another station's article reads as missing, never leaks its text).
   */
  async scriptItems(companyId: number, bulletinId: number) {
    const { bulletinItems, news } = this.t;
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
      .orderBy(asc(bulletinItems.sortOrder), asc(bulletinItems.id));
  }

  async insertSession(values: Tables['prompterSessions']['$inferInsert']): Promise<PrompterSessionRow> {
    const [row] = await this.db.insert(this.t.prompterSessions).values(values).returning();
    return row!;
  }

  async findSession(companyId: number, id: number): Promise<PrompterSessionRow | undefined> {
    const { prompterSessions } = this.t;
    return first(
      await this.db
        .select()
        .from(prompterSessions)
        .where(and(eq(prompterSessions.companyId, companyId), eq(prompterSessions.id, id))),
    );
  }

  /** Ends a session that is still open; undefined when it was already ended (or is not ours). */
  async endSession(
    companyId: number,
    id: number,
    at: string,
    actions?: unknown[],
  ): Promise<PrompterSessionRow | undefined> {
    const { prompterSessions } = this.t;
    const patch = actions ? { sessionEnd: at, actions } : { sessionEnd: at };
    return first(
      await this.db
        .update(prompterSessions)
        .set(patch)
        .where(
          and(
            eq(prompterSessions.companyId, companyId),
            eq(prompterSessions.id, id),
            isNull(prompterSessions.sessionEnd),
          ),
        )
        .returning(),
    );
  }
}
