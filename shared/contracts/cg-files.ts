import { z } from 'zod';
import {
  CG_CONTENT_MAX,
  CG_CONTENT_SOURCES,
  CG_FILE_NAME_MAX,
  CG_FROM_NEWS_TYPES,
  CG_TYPES,
  CG_WRITABLE_TYPES,
} from '../constants';

export type CgType = (typeof CG_TYPES)[number];
export type CgWritableType = (typeof CG_WRITABLE_TYPES)[number];

/** Type names only from our list: this is what keeps "../../etc/passwd" out of file paths. */
export const cgTypeSchema = z.enum(CG_TYPES, { error: `Type must be one of: ${CG_TYPES.join(', ')}` });
export const cgWritableTypeSchema = z.enum(CG_WRITABLE_TYPES, {
  error: `Type must be one of: ${CG_WRITABLE_TYPES.join(', ')}`,
});

export const cgFileSchema = z.object({
  id: z.number(),
  fileName: z.string().nullable(),
  content: z.string(),
  type: cgWritableTypeSchema,
  companyId: z.number(),
  updatedBy: z.number().nullable(),
  outputPath: z.string().nullable(),
  updatedAt: z.string(),
});
export type CgFile = z.infer<typeof cgFileSchema>;

/** CG text: any characters but NUL; may be empty (an empty file clears the graphic). */
const content = z
  .string({ error: 'Content is required' })
  .max(CG_CONTENT_MAX, `Content must be at most ${CG_CONTENT_MAX} characters`);
const fileName = z
  .string()
  .trim()
  .max(CG_FILE_NAME_MAX)
  .refine((v) => !/[\\/:*?"<>|]/.test(v), 'File name may not contain path characters')
  .nullish()
  .transform((v) => v || null);
const outputPath = z
  .string()
  .trim()
  .max(500)
  .nullish()
  .transform((v) => v || null);

/**
 * Issue 38: the file centre's text goes through NEXT in take mode. `stage: true` stages the text
 * (the file's name and path still apply at once: file administration); without it a write that
 * would change the text on air in take mode is a 409. `subheadline` goes with a headline (the
 * headline rule: a headline sent alone clears the subheadline).
 */
const stage = z.boolean({ error: 'stage must be true or false' }).optional();
const pairedSubheadline = z.string().max(CG_CONTENT_MAX).optional();

/** CG file centre add dialog (docs/product.md §Validation: content required). */
export const createCgFileSchema = z.object({
  type: cgWritableTypeSchema,
  content: content.refine((v) => v.trim().length > 0, 'Content is required'),
  fileName,
  outputPath,
  subheadline: pairedSubheadline,
  stage,
  companyId: z.unknown().optional(),
});

export const updateCgFileSchema = z.object({
  content,
  fileName: fileName.optional(),
  outputPath: outputPath.optional(),
  subheadline: pairedSubheadline,
  stage,
  companyId: z.unknown().optional(),
});

/**
 * Our addition (issue 25): the prompter's Space says where it sends from. A prompter cue airs at
 * once even in take mode — the reader's timing is the take (docs/decisions.md).
 */
const sentFrom = z.enum(['prompter'], { error: 'sentFrom must be prompter' }).optional();

/** POST /api/cg-files/update-direct; the mobile form adds a subheadline in the same call. */
export const updateDirectSchema = z.object({
  type: cgWritableTypeSchema,
  content,
  subheadline: z.string().max(CG_CONTENT_MAX).optional(),
  companyId: z.unknown().optional(),
  sentFrom,
});

/** Emergency override as one server operation: emergency first, then headline and subheadline. */
export const emergencyOverrideSchema = z.object({
  content: content.refine((v) => v.trim().length > 0, 'Content is required'),
  headline: z.string().max(CG_CONTENT_MAX).optional(),
  subheadline: z.string().max(CG_CONTENT_MAX).optional(),
});

const flag = z
  .enum(['true', 'false'])
  .optional()
  .transform((v) => v === 'true');

/**
 * In take mode (issue 38) a Clear of text on air is staged (`stage=true`: '' waits in NEXT); a
 * Delete of text on air bypasses NEXT only when the client told the operator so (`bypassNext=true`).
 */
export const deleteCgFileQuerySchema = z.object({
  clearOnly: flag,
  stage: flag,
  bypassNext: flag,
});

/**
 * POST /api/cg-files/emergency/end (issue 38): `restore` puts back the lower third the client
 * previewed (the one on air before the override) in the same operation that ends the emergency.
 */
export const endEmergencySchema = z.object({
  restore: z
    .object(
      { headline: z.string().max(CG_CONTENT_MAX), subheadline: z.string().max(CG_CONTENT_MAX) },
      { error: 'restore must name headline and subheadline' },
    )
    .optional(),
});

/** GET /api/cg-files/emergency: the emergency on air and the lower third from before it (null: unknown). */
export interface EmergencyState {
  active: boolean;
  text: string;
  before: { headline: string; subheadline: string; at: string } | null;
}

export const createCgFromNewsSchema = z.object({
  cgType: z.enum(CG_FROM_NEWS_TYPES, { error: `cgType must be one of: ${CG_FROM_NEWS_TYPES.join(', ')}` }),
  contentSource: z.enum(CG_CONTENT_SOURCES).optional(),
  useTitle: z.boolean().optional(),
  useSubtitle: z.boolean().optional(),
  useContent: z.boolean().optional(),
  customContent: z.string().max(CG_CONTENT_MAX).optional(),
  sentFrom,
});
export type CreateCgFromNewsInput = z.input<typeof createCgFromNewsSchema>;

export const cgInitializeResponseSchema = z.object({ path: z.string(), created: z.number() });

/** GET /api/cg-files/sync: every type's text, for a graphics PC polling with an API key. */
export const cgSyncResponseSchema = z.object({
  companyId: z.number(),
  updatedAt: z.string().nullable(),
  files: z.record(z.string(), z.string()),
});

/** Live message data. */
export interface CgFileUpdatedEvent {
  id: number | null;
  type: CgWritableType;
  content: string;
  updatedAt: string;
  deleted?: boolean;
}
