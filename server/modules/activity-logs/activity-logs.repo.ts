import { and, desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { activityLogs, users } from '../../db/schema';

export class ActivityLogsRepo {
  constructor(private readonly db: DbOrTx) {}

  insert(values: typeof activityLogs.$inferInsert): void {
    this.db.insert(activityLogs).values(values).run();
  }

  list(companyId: number, limit: number, offset: number) {
    return this.db
      .select({ log: activityLogs, username: users.username })
      .from(activityLogs)
      .leftJoin(users, eq(users.id, activityLogs.userId))
      .where(eq(activityLogs.companyId, companyId))
      .orderBy(desc(activityLogs.createdAt), desc(activityLogs.id))
      .limit(limit)
      .offset(offset)
      .all();
  }

  count(companyId: number): number {
    return (
      this.db
        .select({ n: sql<number>`count(*)` })
        .from(activityLogs)
        .where(and(eq(activityLogs.companyId, companyId)))
        .get()?.n ?? 0
    );
  }
}
