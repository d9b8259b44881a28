import { isoNow } from './columns';
import { integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { companies } from './companies';
import { users } from './users';

/** One row per CG type per company; its content is what `<cgOutputPath>/<type>.txt` holds. */
export const cgFiles = sqliteTable(
  'cg_files',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    type: text('type').notNull(),
    fileName: text('file_name'),
    content: text('content').notNull().default(''),
    outputPath: text('output_path'),
    updatedBy: integer('updated_by').references(() => users.id),
    createdAt: text('created_at').notNull().default(isoNow),
    updatedAt: text('updated_at').notNull().default(isoNow),
  },
  (t) => [uniqueIndex('cg_files_company_type_unique').on(t.companyId, t.type)],
);

export type CgFileRow = typeof cgFiles.$inferSelect;
