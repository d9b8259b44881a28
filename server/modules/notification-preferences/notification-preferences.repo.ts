import { and, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { notificationPreferences, users, type NotificationPreferencesRow } from '../../db/schema';

export class NotificationPreferencesRepo {
  constructor(private readonly db: DbOrTx) {}

  /** The saved row of a user of this company; undefined = never saved (defaults apply). */
  find(companyId: number, userId: number): NotificationPreferencesRow | undefined {
    return this.db
      .select()
      .from(notificationPreferences)
      .where(and(eq(notificationPreferences.userId, userId), eq(notificationPreferences.companyId, companyId)))
      .get();
  }

  /** A live (not deleted) user of this company, or undefined — other companies' users do not exist here. */
  findUser(companyId: number, userId: number): { id: number; username: string; role: string } | undefined {
    return this.db
      .select({ id: users.id, username: users.username, role: users.role })
      .from(users)
      .where(and(eq(users.id, userId), eq(users.companyId, companyId), isNull(users.deletedAt)))
      .get();
  }

  save(row: NotificationPreferencesRow): void {
    const { userId: _userId, ...changes } = row;
    this.db
      .insert(notificationPreferences)
      .values(row)
      .onConflictDoUpdate({ target: notificationPreferences.userId, set: changes })
      .run();
  }
}
