import { isoNow } from './columns';
import { sql } from 'drizzle-orm';
import { check, index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { companies } from './companies';
import { users } from './users';

/**
 * Equipment (docs/product.md §Data). quantity = units the station owns; currentStock = units on the shelf
 * (Check Out takes one, a return puts it back; the database refuses a stock outside 0..quantity).
 */
export const equipment = sqliteTable(
  'equipment',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    name: text('name').notNull(),
    code: text('code').notNull(),
    description: text('description'),
    category: text('category').notNull().default('General'),
    condition: text('condition').notNull().default('good'),
    location: text('location').notNull().default(''),
    quantity: integer('quantity').notNull().default(1),
    currentStock: integer('current_stock').notNull().default(1),
    minStock: integer('min_stock').notNull().default(0),
    status: text('status').notNull().default('available'),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: text('created_at').notNull().default(isoNow),
    updatedAt: text('updated_at').notNull().default(isoNow),
    updatedBy: integer('updated_by').references(() => users.id),
    /** Optimistic concurrency (issue 26): +1 on every update; a save names the version it started from. */
    version: integer('version').notNull().default(1),
  },
  (t) => [
    // A code names one item per station (labels, CSV, the bot's /request CODE).
    uniqueIndex('equipment_company_code_uq').on(t.companyId, t.code),
    index('equipment_company_idx').on(t.companyId, t.createdAt),
    // The last line of defence for stock races: a unit can neither vanish nor appear.
    check('equipment_stock_range', sql`${t.currentStock} >= 0 AND ${t.currentStock} <= ${t.quantity}`),
    check('equipment_quantity_min', sql`${t.quantity} >= 1`),
  ],
);

/** A loan request (docs/product.md §Data) moving through shared/equipment-transitions.ts. */
export const equipmentRequests = sqliteTable(
  'equipment_requests',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    equipmentId: integer('equipment_id')
      .notNull()
      .references(() => equipment.id, { onDelete: 'cascade' }),
    requestedBy: integer('requested_by').references(() => users.id),
    approvedBy: integer('approved_by').references(() => users.id),
    purpose: text('purpose').notNull(),
    location: text('location'),
    notes: text('notes'),
    expectedReturnDate: text('expected_return_date'),
    status: text('status').notNull().default('pending'),
    /** 'web' | 'mobile' | 'telegram': where the request was made (equipment activity type). */
    source: text('source').notNull().default('web'),
    requestedAt: text('requested_at').notNull().default(isoNow),
    approvedAt: text('approved_at'),
    /** Set by Check Out: only a checked-out loan gives a unit back to the shelf when it returns. */
    checkedOutAt: text('checked_out_at'),
    returnRequestedAt: text('return_requested_at'),
    returnedAt: text('returned_at'),
    returnedBy: integer('returned_by').references(() => users.id),
    returnApprovedBy: integer('return_approved_by').references(() => users.id),
    /** Why an approver rejected it (issue 39: the borrower is told). */
    rejectionReason: text('rejection_reason'),
    /** Check-in (issue 39): the condition the unit came back in (EQUIPMENT_CONDITIONS) and any damage. */
    returnCondition: text('return_condition'),
    damageNote: text('damage_note'),
    createdAt: text('created_at').notNull().default(isoNow),
    updatedAt: text('updated_at').notNull().default(isoNow),
  },
  (t) => [
    index('equipment_requests_company_idx').on(t.companyId, t.createdAt),
    index('equipment_requests_status_idx').on(t.companyId, t.status),
    index('equipment_requests_equipment_idx').on(t.equipmentId),
  ],
);

/** An extension of a loan's return date (docs/product.md §Data Extension request). */
export const extensionRequests = sqliteTable(
  'extension_requests',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    originalRequestId: integer('original_request_id')
      .notNull()
      .references(() => equipmentRequests.id, { onDelete: 'cascade' }),
    requestedBy: integer('requested_by').references(() => users.id),
    approvedBy: integer('approved_by').references(() => users.id),
    newReturnDate: text('new_return_date').notNull(),
    extensionDuration: integer('extension_duration'),
    reason: text('reason'),
    currentReturnDate: text('current_return_date'),
    /** The loan's status before it became extension_pending (it returns there when decided). */
    previousStatus: text('previous_status').notNull(),
    status: text('status').notNull().default('pending'),
    requestedAt: text('requested_at').notNull().default(isoNow),
    approvedAt: text('approved_at'),
    rejectedAt: text('rejected_at'),
    rejectionReason: text('rejection_reason'),
    reminderScheduled: integer('reminder_scheduled', { mode: 'boolean' }).notNull().default(false),
    reminderSentAt: text('reminder_sent_at'),
    originalReminderDisabled: integer('original_reminder_disabled', { mode: 'boolean' }).notNull().default(false),
  },
  (t) => [index('extension_requests_request_idx').on(t.originalRequestId)],
);

/** Equipment activity (docs/product.md §Data): every step of every loan, whichever path made it. */
export const equipmentActivities = sqliteTable(
  'equipment_activities',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    type: text('type').notNull(),
    userId: integer('user_id').references(() => users.id),
    equipmentId: integer('equipment_id').references(() => equipment.id, { onDelete: 'set null' }),
    requestId: integer('request_id').references(() => equipmentRequests.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    details: text('details'),
    metadata: text('metadata', { mode: 'json' }).$type<Record<string, unknown>>(),
    timestamp: text('timestamp').notNull().default(isoNow),
  },
  (t) => [index('equipment_activities_company_idx').on(t.companyId, t.timestamp)],
);

/**
 * Alerts and reminders the jobs and the Remind button raised (overdue, before/after due, low
 * stock, manual). One row per alert, so "once per request per interval" is a lookup, and a
 * reminder that could not be delivered is recorded as such (never a fake success).
 */
export const equipmentAlerts = sqliteTable(
  'equipment_alerts',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    kind: text('kind').notNull(),
    equipmentId: integer('equipment_id').references(() => equipment.id, { onDelete: 'cascade' }),
    requestId: integer('request_id').references(() => equipmentRequests.id, { onDelete: 'cascade' }),
    /** 'delivered' | 'not_delivered' (no channel yet) | 'failed'. */
    delivery: text('delivery').notNull(),
    reason: text('reason'),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: text('created_at').notNull().default(isoNow),
  },
  (t) => [index('equipment_alerts_lookup_idx').on(t.companyId, t.kind, t.requestId, t.createdAt)],
);

export type EquipmentRow = typeof equipment.$inferSelect;
export type EquipmentRequestRow = typeof equipmentRequests.$inferSelect;
export type ExtensionRequestRow = typeof extensionRequests.$inferSelect;
