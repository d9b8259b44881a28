import { HEX_COLOUR } from '../branding';
import { z } from 'zod';
import {
  PROMPTER_COMMANDS,
  PROMPTER_CREATE_FONTS,
  PROMPTER_CREATE_RANGES,
  PROMPTER_DEFAULTS,
  PROMPTER_EDIT_RANGES,
  PROMPTER_FONTS,
  PROMPTER_LIMITS,
  PROMPTER_STATUSES,
} from '../constants';
import { expectedVersionSchema, requiredText } from './common';

export const prompterStatusSchema = z.enum(PROMPTER_STATUSES, {
  error: `Status must be one of ${PROMPTER_STATUSES.join(', ')}`,
});
export type PrompterStatus = z.infer<typeof prompterStatusSchema>;

const highlightColorsSchema = z.object({ emphasize: z.string(), readSlow: z.string(), important: z.string() });

/** A prompter (teleprompter setup, docs/product.md §Data) as every client sees it. */
export const prompterSchema = z.object({
  id: z.number(),
  companyId: z.number(),
  name: z.string(),
  bulletinId: z.number().nullable(),
  status: prompterStatusSchema,
  fontSize: z.number(),
  fontFamily: z.string(),
  backgroundColor: z.string(),
  textColor: z.string(),
  scrollSpeed: z.number(),
  isAutoScroll: z.boolean(),
  currentPosition: z.number(),
  lineSpacing: z.number(),
  marginTop: z.number(),
  marginBottom: z.number(),
  isHighContrast: z.boolean(),
  highlightColors: highlightColorsSchema,
  isLockMode: z.boolean(),
  lockPosition: z.number(),
  selectedBulletinIds: z.array(z.number()),
  enableLiveEditing: z.boolean(),
  isManualScroll: z.boolean(),
  createdBy: z.number().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** +1 on every change; a save sends the version it started from (issue 26). */
  version: z.number(),
});
export type Prompter = z.infer<typeof prompterSchema>;

/** #rrggbb, stored lower-case. */
const hexColor = (field: string) =>
  z
    .string({ error: `${field} must be a colour like #000000` })
    .regex(HEX_COLOUR, `${field} must be a colour like #000000`)
    .transform((v) => v.toLowerCase());
/** A highlight colour: #rrggbb or a CSS colour name (the defaults are red, yellow, green). */
const highlight = z
  .string({ error: 'Highlight colour must be #rrggbb or a colour name' })
  .regex(/^(#[0-9a-fA-F]{6}|[a-zA-Z]{3,20})$/, 'Highlight colour must be #rrggbb or a colour name');
const int = (field: string, min: number, max: number) =>
  z
    .number({ error: `${field} must be a number` })
    .int(`${field} must be a whole number`)
    .min(min, `${field} must be between ${min} and ${max}`)
    .max(max, `${field} must be between ${min} and ${max}`);
const bulletinRef = z
  .number({ error: 'Bulletin must be a bulletin id' })
  .int('Bulletin must be a bulletin id')
  .positive('Bulletin must be a bulletin id');
const position = int('Position', 0, PROMPTER_LIMITS.position);
const { fontSize: createFont, scrollSpeed: createSpeed } = PROMPTER_CREATE_RANGES;
const { fontSize: editFont, scrollSpeed: editSpeed } = PROMPTER_EDIT_RANGES;

/**
 * The Create New Prompter form (docs/product.md §Validation, §API): name required; ranges of the create sliders;
 * the five create fonts. companyId / createdBy are accepted and ignored (docs/design-rules.md §3.5).
 */
export const createPrompterSchema = z.object({
  name: requiredText('Name is required', PROMPTER_LIMITS.name),
  bulletinId: bulletinRef.nullish().transform((v) => v ?? null),
  fontSize: int('Font size', createFont.min, createFont.max).default(PROMPTER_DEFAULTS.fontSize),
  fontFamily: z
    .enum(PROMPTER_CREATE_FONTS, { error: `Font family must be one of ${PROMPTER_CREATE_FONTS.join(', ')}` })
    .default(PROMPTER_DEFAULTS.fontFamily),
  backgroundColor: hexColor('Background colour').default(PROMPTER_DEFAULTS.backgroundColor),
  textColor: hexColor('Text colour').default(PROMPTER_DEFAULTS.textColor),
  scrollSpeed: int('Scroll speed', createSpeed.min, createSpeed.max)
    .multipleOf(createSpeed.step, `Scroll speed must be a multiple of ${createSpeed.step}`)
    .default(PROMPTER_DEFAULTS.scrollSpeed),
  isAutoScroll: z.boolean({ error: 'isAutoScroll must be true or false' }).default(PROMPTER_DEFAULTS.isAutoScroll),
  companyId: z.unknown().optional(),
  createdBy: z.unknown().optional(),
});
export type CreatePrompterInput = z.input<typeof createPrompterSchema>;

const flag = (field: string) => z.boolean({ error: `${field} must be true or false` });

/** Prompter Settings / Edit Prompter (partial): the edit ranges and Helvetica. */
export const updatePrompterSchema = z.object({
  name: requiredText('Name is required', PROMPTER_LIMITS.name).optional(),
  bulletinId: bulletinRef.nullable().optional(),
  status: prompterStatusSchema.optional(),
  fontSize: int('Font size', editFont.min, editFont.max).optional(),
  fontFamily: z.enum(PROMPTER_FONTS, { error: `Font family must be one of ${PROMPTER_FONTS.join(', ')}` }).optional(),
  backgroundColor: hexColor('Background colour').optional(),
  textColor: hexColor('Text colour').optional(),
  scrollSpeed: int('Scroll speed', editSpeed.min, editSpeed.max).optional(),
  isAutoScroll: flag('isAutoScroll').optional(),
  currentPosition: position.optional(),
  lineSpacing: z
    .number({ error: 'Line spacing must be a number' })
    .min(
      PROMPTER_LIMITS.lineSpacing.min,
      `Line spacing must be between ${PROMPTER_LIMITS.lineSpacing.min} and ${PROMPTER_LIMITS.lineSpacing.max}`,
    )
    .max(
      PROMPTER_LIMITS.lineSpacing.max,
      `Line spacing must be between ${PROMPTER_LIMITS.lineSpacing.min} and ${PROMPTER_LIMITS.lineSpacing.max}`,
    )
    .optional(),
  marginTop: int('Top margin', 0, PROMPTER_LIMITS.margin).optional(),
  marginBottom: int('Bottom margin', 0, PROMPTER_LIMITS.margin).optional(),
  isHighContrast: flag('isHighContrast').optional(),
  highlightColors: z.object({ emphasize: highlight, readSlow: highlight, important: highlight }).optional(),
  isLockMode: flag('isLockMode').optional(),
  lockPosition: position.optional(),
  selectedBulletinIds: z
    .array(bulletinRef)
    .max(PROMPTER_LIMITS.selectedBulletins, `At most ${PROMPTER_LIMITS.selectedBulletins} bulletins`)
    .transform((ids) => [...new Set(ids)])
    .optional(),
  enableLiveEditing: flag('enableLiveEditing').optional(),
  isManualScroll: flag('isManualScroll').optional(),
  version: expectedVersionSchema,
  companyId: z.unknown().optional(),
});
export type UpdatePrompterInput = z.input<typeof updatePrompterSchema>;

/** One section of the script: a `**Title**` heading line, then the text; position = offset in content. */
export const prompterSectionSchema = z.object({
  id: z.number(),
  /** news: an article's text; headline: a teaser or the headlines marker; break: a break marker. */
  kind: z.enum(['news', 'headline', 'break']),
  /** The article a news/headline section reads (null for breaks and the headlines marker). */
  newsId: z.number().nullable(),
  /** That article's version, sent back by a live edit so it never overwrites a newer text (issue 26). */
  newsVersion: z.number().nullable().optional(),
  title: z.string(),
  position: z.number(),
  content: z.string(),
});
export type PrompterSection = z.infer<typeof prompterSectionSchema>;

export const prompterContentSchema = z.object({
  prompterId: z.number(),
  bulletinId: z.number().nullable(),
  title: z.string(),
  content: z.string(),
  sections: z.array(prompterSectionSchema),
});
export type PrompterContent = z.infer<typeof prompterContentSchema>;

export const prompterSessionSchema = z.object({
  id: z.number(),
  prompterId: z.number(),
  userId: z.number().nullable(),
  companyId: z.number(),
  sessionStart: z.string(),
  sessionEnd: z.string().nullable(),
  actions: z.array(z.unknown()),
});
export type PrompterSession = z.infer<typeof prompterSessionSchema>;

const sessionAction = z.object({
  type: z.string().trim().min(1).max(40),
  at: z.string().max(40).optional(),
  detail: z.string().max(200).optional(),
});
/** Ending a session may record what the reader did (bounded); userId in a body is ignored. */
export const endPrompterSessionSchema = z
  .object({
    actions: z
      .array(sessionAction)
      .max(PROMPTER_LIMITS.sessionActions, `At most ${PROMPTER_LIMITS.sessionActions} actions`)
      .optional(),
    userId: z.unknown().optional(),
  })
  .optional()
  .transform((v) => v ?? {});

/** Follower screens: the operator's reading position (client → server → the company). */
export const prompterPositionSchema = z.object({
  prompterId: z.number().int().positive(),
  position: z.number().finite().min(0).max(PROMPTER_LIMITS.position),
  sectionIndex: z.number().int().min(0).max(100_000),
  speed: z.number().int().min(0).max(1000),
  playing: z.boolean(),
});
export type PrompterPosition = z.infer<typeof prompterPositionSchema>;

/** Who reads: the operator whose screen published the position (from the session, never the message). */
export interface PrompterReader {
  userId: number;
  fullName: string;
}

/** A position as the server relays and remembers it (issue 38: a late follower gets the last one). */
export type RelayedPrompterPosition = PrompterPosition & { from: PrompterReader };

/** Follower screens: a remote (e.g. a phone) asks the operator's screen to act. */
export const prompterCommandSchema = z.object({
  prompterId: z.number().int().positive(),
  command: z.enum(PROMPTER_COMMANDS),
});
export type PrompterCommand = z.infer<typeof prompterCommandSchema>;
