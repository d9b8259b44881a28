import { isoNow } from './columns';
import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text, uniqueIndex, type AnySQLiteColumn } from 'drizzle-orm/sqlite-core';
import { companies } from './companies';

export const users = sqliteTable(
  'users',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    /** Stored as typed; unique case-insensitively across all companies (login has no company field). */
    username: text('username').notNull(),
    passwordHash: text('password_hash').notNull(),
    fullName: text('full_name').notNull(),
    email: text('email'),
    role: text('role').notNull(),
    roletype: text('roletype').notNull().default('user'),
    telegramId: text('telegram_id'),
    isActive: integer('is_active', { mode: 'boolean' }).notNull().default(true),
    /** Set on delete: the row stays so news and logs keep their author names. */
    deletedAt: text('deleted_at'),
    lastLogin: text('last_login'),
    createdAt: text('created_at').notNull().default(isoNow),
    updatedAt: text('updated_at').notNull().default(isoNow),
    updatedBy: integer('updated_by').references((): AnySQLiteColumn => users.id),
    /** Optimistic concurrency (issue 26): +1 on every update; a save names the version it started from. */
    version: integer('version').notNull().default(1),
  },
  (t) => [
    uniqueIndex('users_username_unique').on(sql`lower(${t.username})`),
    index('users_company_idx').on(t.companyId),
  ],
);

export type UserRow = typeof users.$inferSelect;
