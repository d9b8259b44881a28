import { desc, eq } from 'drizzle-orm';
import { countAll, first } from '../../db/dialect';
import { type Tables, Repo } from '../../db/store';

export class ActivityLogsRepo extends Repo {
  async insert(values: Tables['activityLogs']['$inferInsert']): Promise<void> {
    await this.db.insert(this.t.activityLogs).values(values);
  }

  list(companyId: number, limit: number, offset: number) {
    const { activityLogs, users } = this.t;
    return this.db
      .select({ log: activityLogs, username: users.username })
      .from(activityLogs)
      .leftJoin(users, eq(users.id, activityLogs.userId))
      .where(eq(activityLogs.companyId, companyId))
      .orderBy(desc(activityLogs.createdAt), desc(activityLogs.id))
      .limit(limit)
      .offset(offset);
  }

  async count(companyId: number): Promise<number> {
    const { activityLogs } = this.t;
    const row = first(
      await this.db.select({ n: countAll() }).from(activityLogs).where(eq(activityLogs.companyId, companyId)),
    );
    return row?.n ?? 0;
  }
}
