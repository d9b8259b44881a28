import { z } from 'zod';

/** Every non-2xx JSON body (DESIGN.md §4). */
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

/** A numeric id in a route parameter, e.g. /api/users/{id}. */
export const idParamSchema = z.object({
  id: decimalInt('id').pipe(z.number().int().positive('id must be a positive integer')),
});

/** Trimmed required text with a spec-worded message when blank. */
export function requiredText(message: string, max: number) {
  return z
    .string({ error: message })
    .trim()
    .min(1, message)
    .max(max, `Must be at most ${max} characters`);
}

export const okSchema = z.object({ success: z.literal(true) });
export type Ok = z.infer<typeof okSchema>;
