import { z } from 'zod';
import { CG_CONTENT_MAX } from '../constants';
import { cgWritableTypeSchema } from './cg-files';

/**
 * Stream Deck / Bitfocus Companion control (issue 25, docs/companion.md): small endpoints an API
 * key with a control scope may call. Bodies stay small and flat: Companion's Generic HTTP module
 * sends what the operator types into a button.
 */

export const controlTypeParamSchema = z.object({ type: cgWritableTypeSchema });

export const controlEmergencySchema = z.object({
  text: z
    .string({ error: 'text is required' })
    .max(CG_CONTENT_MAX, `text must be at most ${CG_CONTENT_MAX} characters`)
    .refine((v) => v.trim().length > 0, 'text is required'),
});

/** GET /api/control/state, and every control write's answer: what a button's feedback shows. */
export const controlStateSchema = z.object({
  /** Each CG type's text on air now ('' = clear). */
  types: z.record(z.string(), z.string()),
  emergency: z.object({ active: z.boolean(), text: z.string() }),
  /** The ticker's line that runs first, and how many lines it has. */
  crawler: z.object({ count: z.number(), current: z.string().nullable() }),
  /** Preview and take: whether the station stages, and what waits in NEXT (a Take button lights when `staged` > 0). */
  next: z.object({ takeMode: z.boolean(), staged: z.number(), types: z.array(z.string()), version: z.number() }),
  /** When this state was read (ISO, ms). */
  at: z.string(),
});
export type ControlState = z.infer<typeof controlStateSchema>;

export const controlWriteResponseSchema = z.object({ success: z.literal(true), state: controlStateSchema });
export type ControlWriteResponse = z.infer<typeof controlWriteResponseSchema>;
