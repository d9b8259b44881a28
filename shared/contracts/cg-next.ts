import { z } from 'zod';
import type { AirAnswer } from './air';
import { cgWritableTypeSchema, type CgFile } from './cg-files';

/**
 * Preview and take (issue 25). With the company's take mode on, CG Control, the preview, the
 * crawler and Telegram /addcgbar stage their changes in the company's Next slot (newest text per
 * type); Take sends Next to air through the one CG path and empties it in the same step.
 */
const byUser = z.object({ userId: z.number().nullable(), fullName: z.string() });

export const cgNextSchema = z.object({
  /** The company's take mode: off = today's direct sends (Next stays empty). */
  takeMode: z.boolean(),
  /** Changes on every stage, take and clear; Take and Clear send the version they saw. */
  version: z.number(),
  /** What is staged, in the order the types were first staged: type → text ('' clears that type on Take). */
  changes: z.array(z.object({ type: cgWritableTypeSchema, content: z.string() })),
  /** Who staged last, and when (null while empty). */
  updatedBy: byUser.nullable(),
  updatedAt: z.string().nullable(),
  /** The last Take: who took which version (the 409 of a second Take names them). */
  lastTake: byUser.extend({ version: z.number(), at: z.string() }).nullable(),
});
export type CgNext = z.infer<typeof cgNextSchema>;

/** POST /api/cg-files/take: the Next version the operator saw (a double-click or a second desk takes nothing). */
export const takeNextSchema = z.object({
  version: z
    .number({ error: 'version must be the Next version you saw' })
    .int('version must be a whole number')
    .min(0, 'version must be a Next version'),
});

/** DELETE /api/cg-files/next?version=: clears Next; without a version it clears whatever is staged. */
export const clearNextQuerySchema = z.object({
  version: z.coerce
    .number({ error: 'version must be a number' })
    .int('version must be a whole number')
    .min(0)
    .optional(),
});

export interface TakeNextResponse {
  success: true;
  files: CgFile[];
  next: CgNext;
  /** Each output's result for what was taken (issue 38); `?outputs=wait` waits for their answers. */
  air?: AirAnswer;
}

/** The answer of a CG send (update-direct, create-cg, crawler) that was staged instead of aired. */
export interface StagedAnswer {
  success: true;
  staged: true;
  next: CgNext;
}
