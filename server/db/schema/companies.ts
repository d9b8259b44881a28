import { isoNow } from './columns';
import { integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';

export const companies = sqliteTable('companies', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  name: text('name').notNull(),
  logo: text('logo'),
  licenseKey: text('license_key'),
  licenseExpiry: text('license_expiry'),
  isActive: integer('is_active', { mode: 'boolean' }).notNull().default(true),
  /** Where this company's CG text files go; relative paths resolve against the server's base dir. */
  cgOutputPath: text('cg_output_path').notNull().default('./cg_output'),
  createdAt: text('created_at').notNull().default(isoNow),
});

export type CompanyRow = typeof companies.$inferSelect;
