import { and, eq, isNull } from 'drizzle-orm';
import { first } from '../../db/dialect';
import type { NotificationPreferencesRow } from '../../db/schema';
import { Repo } from '../../db/store';

export class NotificationPreferencesRepo extends Repo {
  /** The saved row of a user of this company; undefined = never saved (defaults apply). */
  async find(companyId: number, userId: number): Promise<NotificationPreferencesRow | undefined> {
    const { notificationPreferences } = this.t;
    return first(
      await this.db
        .select()
        .from(notificationPreferences)
        .where(and(eq(notificationPreferences.userId, userId), eq(notificationPreferences.companyId, companyId))),
    );
  }

  /** A live (not deleted) user of this company, or undefined — other companies' users do not exist here. */
  async findUser(
    companyId: number,
    userId: number,
  ): Promise<{ id: number; username: string; role: string } | undefined> {
    const { users } = this.t;
    return first(
      await this.db
        .select({ id: users.id, username: users.username, role: users.role })
        .from(users)
        .where(and(eq(users.id, userId), eq(users.companyId, companyId), isNull(users.deletedAt))),
    );
  }

  async save(row: NotificationPreferencesRow): Promise<void> {
    const { notificationPreferences } = this.t;
    const { userId: _userId, ...changes } = row;
    await this.db
      .insert(notificationPreferences)
      .values(row)
      .onConflictDoUpdate({ target: notificationPreferences.userId, set: changes });
  }
}
