import { z } from 'zod';

/** Every non-2xx JSON body (docs/design-rules.md §4). */
export const errorBodySchema = z.object({
  message: z.string(),
  issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

/**
 * A whole number written in decimal digits only, for ids and page numbers in paths and query
 * strings. `Number()` would also take "0x10", " 1", "1e3" and "" — each would address another row.
 */
export const decimalInt = (name: string) =>
  z
    .string({ error: `${name} must be a number` })
    .regex(/^\d{1,15}$/, `${name} must be written in decimal digits only`)
    .transform(Number);

/** A positive id in a route parameter named `name`, decimal digits only (server/route-ids.test.ts walks every route). */
export const positiveId = (name: string) =>
  decimalInt(name).pipe(z.number().int().positive(`${name} must be a positive integer`));

/** A numeric id in a route parameter, e.g. /api/users/{id}. */
export const idParamSchema = z.object({ id: positiveId('id') });

/** Trimmed required text with a spec-worded message when blank. */
export function requiredText(message: string, max: number) {
  return z.string({ error: message }).trim().min(1, message).max(max, `Must be at most ${max} characters`);
}

export const okSchema = z.object({ success: z.literal(true) });
export type Ok = z.infer<typeof okSchema>;

/**
 * The version of a record a save started from (issue 26, docs/decisions.md). Optional so API-key
 * and legacy clients that never read one keep working (their save is accepted as before); the
 * web UI always sends it, and a stale one is answered 409 with a VersionConflict body.
 */
export const expectedVersionSchema = z
  .number({ error: 'version must be a whole number' })
  .int('version must be a whole number')
  .positive('version must be positive')
  .optional();

/** The 409 body of a save from a stale version: the record as it is now, and who changed it when. */
export const versionConflictSchema = z.object({
  message: z.string(),
  current: z.unknown(),
  changedBy: z.object({ id: z.number(), fullName: z.string() }).nullable(),
  changedAt: z.string().nullable(),
});
export type VersionConflict<T> = Omit<z.infer<typeof versionConflictSchema>, 'current'> & { current: T };
