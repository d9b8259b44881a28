import { PROMPTER_DEFAULTS } from '../../../shared/constants';
import { isoNow } from './columns';
import { index, integer, real, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { bulletins } from './bulletins';
import { companies } from './companies';
import { users } from './users';

/** Prompter (teleprompter setup, docs/product.md §Data) with the spec's defaults. */
export const prompters = sqliteTable(
  'prompters',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    name: text('name').notNull(),
    bulletinId: integer('bulletin_id').references(() => bulletins.id, { onDelete: 'set null' }),
    status: text('status').notNull().default(PROMPTER_DEFAULTS.status),
    // Migration 0005's DEFAULT, kept: every insert names the size (PROMPTER_DEFAULTS.fontSize, 72 since issue 38).
    fontSize: integer('font_size').notNull().default(16),
    fontFamily: text('font_family').notNull().default(PROMPTER_DEFAULTS.fontFamily),
    backgroundColor: text('background_color').notNull().default(PROMPTER_DEFAULTS.backgroundColor),
    textColor: text('text_color').notNull().default(PROMPTER_DEFAULTS.textColor),
    scrollSpeed: integer('scroll_speed').notNull().default(PROMPTER_DEFAULTS.scrollSpeed),
    isAutoScroll: integer('is_auto_scroll', { mode: 'boolean' }).notNull().default(PROMPTER_DEFAULTS.isAutoScroll),
    currentPosition: integer('current_position').notNull().default(PROMPTER_DEFAULTS.currentPosition),
    lineSpacing: real('line_spacing').notNull().default(PROMPTER_DEFAULTS.lineSpacing),
    marginTop: integer('margin_top').notNull().default(PROMPTER_DEFAULTS.marginTop),
    marginBottom: integer('margin_bottom').notNull().default(PROMPTER_DEFAULTS.marginBottom),
    isHighContrast: integer('is_high_contrast', { mode: 'boolean' })
      .notNull()
      .default(PROMPTER_DEFAULTS.isHighContrast),
    highlightColors: text('highlight_colors', { mode: 'json' })
      .$type<{ emphasize: string; readSlow: string; important: string }>()
      .notNull()
      .default(PROMPTER_DEFAULTS.highlightColors),
    isLockMode: integer('is_lock_mode', { mode: 'boolean' }).notNull().default(PROMPTER_DEFAULTS.isLockMode),
    lockPosition: integer('lock_position').notNull().default(PROMPTER_DEFAULTS.lockPosition),
    selectedBulletinIds: text('selected_bulletin_ids', { mode: 'json' }).$type<number[]>().notNull().default([]),
    enableLiveEditing: integer('enable_live_editing', { mode: 'boolean' })
      .notNull()
      .default(PROMPTER_DEFAULTS.enableLiveEditing),
    isManualScroll: integer('is_manual_scroll', { mode: 'boolean' })
      .notNull()
      .default(PROMPTER_DEFAULTS.isManualScroll),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: text('created_at').notNull().default(isoNow),
    updatedAt: text('updated_at').notNull().default(isoNow),
    updatedBy: integer('updated_by').references(() => users.id),
    /** Optimistic concurrency (issue 26): +1 on every update; a save names the version it started from. */
    version: integer('version').notNull().default(1),
  },
  (t) => [index('prompters_company_idx').on(t.companyId)],
);

/** A reading session on a prompter (docs/product.md §Data): who read, from when to when, what they did. */
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
