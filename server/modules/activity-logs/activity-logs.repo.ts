import { desc, eq, inArray } from 'drizzle-orm';
import { countAll, first } from '../../db/dialect';
import { type Tables, Repo } from '../../db/store';

export class ActivityLogsRepo extends Repo {
  async insert(values: Tables['activityLogs']['$inferInsert']): Promise<void> {
    await this.db.insert(this.t.activityLogs).values(values);
  }

  /**
   * One page, newest first, with the actors' usernames. The page's ids are taken from the index
   * first and only those rows joined to users: joining before the OFFSET joined every skipped row
   * (page 1 700 of 100 000: 85 000 joins, 60 ms on PostgreSQL).
   */
  list(companyId: number, limit: number, offset: number) {
    const { activityLogs, users } = this.t;
    const page = this.db
      .select({ id: activityLogs.id })
      .from(activityLogs)
      .where(eq(activityLogs.companyId, companyId))
      .orderBy(desc(activityLogs.createdAt), desc(activityLogs.id))
      .limit(limit)
      .offset(offset);
    return this.db
      .select({ log: activityLogs, username: users.username })
      .from(activityLogs)
      .leftJoin(users, eq(users.id, activityLogs.userId))
      .where(inArray(activityLogs.id, page))
      .orderBy(desc(activityLogs.createdAt), desc(activityLogs.id));
  }

  async count(companyId: number): Promise<number> {
    const { activityLogs } = this.t;
    const row = first(
      await this.db.select({ n: countAll() }).from(activityLogs).where(eq(activityLogs.companyId, companyId)),
    );
    return row?.n ?? 0;
  }
}
