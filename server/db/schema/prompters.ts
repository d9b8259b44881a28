import { isoNow } from './columns';
import { index, integer, real, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { bulletins } from './bulletins';
import { companies } from './companies';
import { users } from './users';

/** Prompter (teleprompter setup, spec 001 §3) with the spec's defaults. */
export const prompters = sqliteTable(
  'prompters',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    name: text('name').notNull(),
    bulletinId: integer('bulletin_id').references(() => bulletins.id, { onDelete: 'set null' }),
    status: text('status').notNull().default('active'),
    fontSize: integer('font_size').notNull().default(16),
    fontFamily: text('font_family').notNull().default('Arial'),
    backgroundColor: text('background_color').notNull().default('#000000'),
    textColor: text('text_color').notNull().default('#ffffff'),
    scrollSpeed: integer('scroll_speed').notNull().default(50),
    isAutoScroll: integer('is_auto_scroll', { mode: 'boolean' }).notNull().default(false),
    currentPosition: integer('current_position').notNull().default(0),
    lineSpacing: real('line_spacing').notNull().default(1.5),
    marginTop: integer('margin_top').notNull().default(20),
    marginBottom: integer('margin_bottom').notNull().default(20),
    isHighContrast: integer('is_high_contrast', { mode: 'boolean' }).notNull().default(false),
    highlightColors: text('highlight_colors', { mode: 'json' })
      .$type<{ emphasize: string; readSlow: string; important: string }>()
      .notNull()
      .default({ emphasize: 'red', readSlow: 'yellow', important: 'green' }),
    isLockMode: integer('is_lock_mode', { mode: 'boolean' }).notNull().default(false),
    lockPosition: integer('lock_position').notNull().default(0),
    selectedBulletinIds: text('selected_bulletin_ids', { mode: 'json' }).$type<number[]>().notNull().default([]),
    enableLiveEditing: integer('enable_live_editing', { mode: 'boolean' }).notNull().default(false),
    isManualScroll: integer('is_manual_scroll', { mode: 'boolean' }).notNull().default(true),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: text('created_at').notNull().default(isoNow),
    updatedAt: text('updated_at').notNull().default(isoNow),
  },
  (t) => [index('prompters_company_idx').on(t.companyId)],
);

/** A reading session on a prompter (spec 001 §3): who read, from when to when, what they did. */
export const prompterSessions = sqliteTable(
  'prompter_sessions',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    prompterId: integer('prompter_id')
      .notNull()
      .references(() => prompters.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id),
    sessionStart: text('session_start').notNull().default(isoNow),
    sessionEnd: text('session_end'),
    actions: text('actions', { mode: 'json' }).$type<unknown[]>().notNull().default([]),
  },
  (t) => [index('prompter_sessions_prompter_idx').on(t.prompterId)],
);

export type PrompterRow = typeof prompters.$inferSelect;
export type PrompterSessionRow = typeof prompterSessions.$inferSelect;
