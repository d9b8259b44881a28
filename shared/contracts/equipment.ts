import { z } from 'zod';
import {
  EQUIPMENT_CONDITIONS,
  EQUIPMENT_CSV_DEFAULTS,
  EQUIPMENT_LIMITS,
  EQUIPMENT_REQUEST_SOURCES,
  EQUIPMENT_REQUEST_STATUSES,
  EQUIPMENT_STATUSES,
  EXTENSION_STATUSES,
} from '../constants';
import { expectedVersionSchema, requiredText } from './common';

/* ---------- what every client sees ---------- */

export const equipmentSchema = z.object({
  id: z.number(),
  companyId: z.number(),
  name: z.string(),
  code: z.string(),
  description: z.string().nullable(),
  category: z.string(),
  condition: z.enum(EQUIPMENT_CONDITIONS),
  location: z.string(),
  quantity: z.number(),
  currentStock: z.number(),
  minStock: z.number(),
  status: z.enum(EQUIPMENT_STATUSES),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** +1 on every change, stock moves included; a save sends the version it started from (issue 26). */
  version: z.number(),
});
export type Equipment = z.infer<typeof equipmentSchema>;

export const extensionRequestSchema = z.object({
  id: z.number(),
  originalRequestId: z.number(),
  requestedBy: z.number().nullable(),
  approvedBy: z.number().nullable(),
  newReturnDate: z.string(),
  extensionDuration: z.number().nullable(),
  reason: z.string().nullable(),
  currentReturnDate: z.string().nullable(),
  status: z.enum(EXTENSION_STATUSES),
  requestedAt: z.string(),
  approvedAt: z.string().nullable(),
  rejectedAt: z.string().nullable(),
  rejectionReason: z.string().nullable(),
  /** Who asked (the approver sees it beside both dates and the reason; issue 39). */
  requestedByName: z.string().nullable(),
});
export type ExtensionRequest = z.infer<typeof extensionRequestSchema>;

export const equipmentRequestSchema = z.object({
  id: z.number(),
  companyId: z.number(),
  equipmentId: z.number(),
  /** The item's name and code at read time (cards show them; null if the item is gone). */
  equipmentName: z.string().nullable(),
  equipmentCode: z.string().nullable(),
  requestedBy: z.number().nullable(),
  requestedByName: z.string().nullable(),
  requestedByUsername: z.string().nullable(),
  approvedBy: z.number().nullable(),
  approvedByUsername: z.string().nullable(),
  /** The approver's full name (shown like requestedByName; the username stays for compatibility). */
  approvedByName: z.string().nullable(),
  purpose: z.string(),
  location: z.string().nullable(),
  notes: z.string().nullable(),
  expectedReturnDate: z.string().nullable(),
  status: z.enum(EQUIPMENT_REQUEST_STATUSES),
  source: z.enum(EQUIPMENT_REQUEST_SOURCES),
  requestedAt: z.string(),
  approvedAt: z.string().nullable(),
  checkedOutAt: z.string().nullable(),
  returnRequestedAt: z.string().nullable(),
  returnedAt: z.string().nullable(),
  returnedBy: z.number().nullable(),
  returnApprovedBy: z.number().nullable(),
  /** Why it was rejected (issue 39: the borrower is told); null = none given. */
  rejectionReason: z.string().nullable(),
  /** Check-in (issue 39): the condition the unit came back in, and any damage. */
  returnCondition: z.enum(EQUIPMENT_CONDITIONS).nullable(),
  damageNote: z.string().nullable(),
  /** The pending extension, when the status is extension_pending. */
  extension: extensionRequestSchema.nullable(),
  createdAt: z.string(),
});
export type EquipmentRequest = z.infer<typeof equipmentRequestSchema>;

/**
 * The answer to a new request (issue 39): a blank return date is not silent — the answer says it
 * became the default and when that is (the forms and the bot show `notice`).
 */
export const createdEquipmentRequestSchema = equipmentRequestSchema.extend({
  returnDateDefaulted: z.boolean(),
  notice: z.string().nullable(),
});
export type CreatedEquipmentRequest = z.infer<typeof createdEquipmentRequestSchema>;

/* ---------- inputs (companyId, requestedBy, approvedBy … in a body are ignored: the session decides) ---------- */

const ignored = z.unknown().optional();
const optionalText = (max: number, field: string) =>
  z
    .string({ error: `${field} must be text` })
    .trim()
    .max(max, `${field} must be at most ${max} characters`)
    .nullish()
    .transform((v) => (v ? v : null));
const quantity = z.coerce
  .number({ error: 'Quantity must be a number' })
  .int('Quantity must be a whole number')
  .min(1, 'Quantity must be at least 1')
  .max(EQUIPMENT_LIMITS.quantity, `Quantity must be at most ${EQUIPMENT_LIMITS.quantity}`);

const condition = z.enum(EQUIPMENT_CONDITIONS, {
  error: `Condition must be one of ${EQUIPMENT_CONDITIONS.join(', ')}`,
});
const minStock = z.coerce
  .number({ error: 'Minimum stock must be a number' })
  .int()
  .min(0, 'Minimum stock must be at least 0')
  .max(EQUIPMENT_LIMITS.quantity);
const equipmentStatus = z.enum(EQUIPMENT_STATUSES, { error: `Status must be one of ${EQUIPMENT_STATUSES.join(', ')}` });
/** An empty category is the CSV default (the column is NOT NULL). */
const category = optionalText(EQUIPMENT_LIMITS.category, 'Category').transform(
  (v) => v ?? EQUIPMENT_CSV_DEFAULTS.category,
);

/** The form's fields without defaults: an edit must change only the fields it sends. */
const equipmentFields = {
  name: requiredText('Equipment name is required', EQUIPMENT_LIMITS.name),
  code: requiredText('Equipment code is required', EQUIPMENT_LIMITS.code),
  location: requiredText('Location is required', EQUIPMENT_LIMITS.location),
  description: optionalText(EQUIPMENT_LIMITS.description, 'Description'),
  category,
  condition,
  quantity,
  /** Units the low-stock alert guards (0 = no alert). */
  minStock,
  status: equipmentStatus,
};

/** Add Equipment (docs/product.md §Validation): code, name, location required here (the CSV rule); condition default good. */
export const createEquipmentSchema = z.object({
  ...equipmentFields,
  condition: condition.default('good'),
  quantity: quantity.default(1),
  minStock: minStock.default(0),
  status: equipmentStatus.default('available'),
  companyId: ignored,
  createdBy: ignored,
});
export type CreateEquipmentInput = z.input<typeof createEquipmentSchema>;

/**
 * PATCH /api/equipment/:id — partial (the spec's empty body changes nothing and answers the item).
 * Built from the fields without defaults: zod 4 applies a default inside .partial(), so a PATCH of
 * the location alone would otherwise have reset quantity to 1 and status to available.
 */
export const updateEquipmentSchema = z
  .object(equipmentFields)
  .partial()
  .extend({ companyId: ignored, createdBy: ignored, version: expectedVersionSchema })
  .optional()
  .transform((v) => v ?? {});
export type UpdateEquipmentInput = z.input<typeof updateEquipmentSchema>;

export const equipmentStatusBodySchema = z.object({
  status: z.enum(EQUIPMENT_STATUSES, { error: `Status must be one of ${EQUIPMENT_STATUSES.join(', ')}` }),
});

/** The server refuses a return date before the request (the form's date picker starts at today). */
export const EXPECTED_RETURN_IN_PAST = 'Expected return date must not be in the past';

/** Request Equipment (docs/product.md §Validation): purpose required ('Please fill in all required fields'). */
export const createEquipmentRequestSchema = z.object({
  equipmentId: z
    .number({ error: 'Please fill in all required fields' })
    .int()
    .positive('Please fill in all required fields'),
  purpose: requiredText('Please fill in all required fields', EQUIPMENT_LIMITS.purpose),
  notes: optionalText(EQUIPMENT_LIMITS.notes, 'Notes'),
  location: optionalText(EQUIPMENT_LIMITS.location, 'Location'),
  /** ISO date-time; default EQUIPMENT_DEFAULT_LOAN_HOURS after the request. */
  expectedReturnDate: z.iso.datetime({ offset: true, error: 'Expected return date must be a date and time' }).nullish(),
  companyId: ignored,
  requestedBy: ignored,
  requestedAt: ignored,
  status: ignored,
});
export type CreateEquipmentRequestInput = z.input<typeof createEquipmentRequestSchema>;

/** PUT /api/equipment-requests/:id {status}: the spec's generic form, mapped onto the transitions. */
export const setRequestStatusSchema = z.object({
  status: z.enum(['approved', 'rejected', 'out', 'returned', 'return_requested'], {
    error: 'Status must be approved, rejected, out, returned or return_requested',
  }),
  approvedBy: ignored,
  approvedAt: ignored,
});

/** PUT /:id/reject: the reason the borrower is told (optional for scripts; the forms ask for it). */
export const rejectRequestSchema = z
  .object({ reason: optionalText(EQUIPMENT_LIMITS.notes, 'Reason') })
  .partial()
  .optional()
  .transform((v) => ({ reason: v?.reason ?? null }));

/** PUT /:id/return and /:id/approve-return: the check-in (both optional; the item keeps its condition without one). */
export const checkInSchema = z
  .object({
    condition: condition.nullish().transform((v) => v ?? null),
    damageNote: optionalText(EQUIPMENT_LIMITS.notes, 'Damage note'),
  })
  .partial()
  .optional()
  .transform((v) => ({ condition: v?.condition ?? null, damageNote: v?.damageNote ?? null }));
export type CheckIn = z.output<typeof checkInSchema>;

export const requestExtensionSchema = z.object({
  newReturnDate: z.iso.datetime({ offset: true, error: 'New return date must be a date and time' }),
  reason: optionalText(EQUIPMENT_LIMITS.notes, 'Reason'),
});

/** POST /api/equipment-extension/approve. */
export const extensionDecisionSchema = z.object({
  requestId: z.number({ error: 'requestId must be a request id' }).int().positive(),
  approved: z.boolean({ error: 'approved must be true or false' }),
  rejectionReason: optionalText(EQUIPMENT_LIMITS.notes, 'Reason'),
  approvedBy: ignored,
});

export const equipmentReminderSchema = z.object({
  requestId: z.number({ error: 'requestId must be a request id' }).int().positive(),
});

/* ---------- bulk upload (POST /api/equipment/bulk {csvData}) ---------- */

/** One parsed CSV row: header names lower-cased, values as text (the server applies the rules). */
export const bulkRowSchema = z.record(z.string(), z.unknown());
export const bulkUploadSchema = z.object({
  csvData: z
    .array(bulkRowSchema, { error: 'csvData must be a list of rows' })
    .min(1, 'No valid data found in CSV')
    .max(EQUIPMENT_LIMITS.bulkRows, `At most ${EQUIPMENT_LIMITS.bulkRows} rows per upload`),
  companyId: ignored,
});

export const bulkRowErrorSchema = z.object({ row: z.number(), code: z.string().nullable(), error: z.string() });
export const bulkUploadResultSchema = z.object({
  results: z.object({ success: z.number(), failed: z.number(), errors: z.array(bulkRowErrorSchema) }),
});
export type BulkUploadResult = z.infer<typeof bulkUploadResultSchema>;

/* ---------- mobile ---------- */

export const mobileUserPermissionsSchema = z.object({ role: z.string(), canAccessCg: z.boolean() });
export type MobileUserPermissions = z.infer<typeof mobileUserPermissionsSchema>;

export const cleanupDuplicatesResultSchema = z.object({ duplicatesRemoved: z.number() });
