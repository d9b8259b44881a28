import { z } from 'zod';
import { contrastRatio, HEX_COLOUR } from '../branding';
import type { CgWritableType } from './cg-files';

/**
 * The HTML overlay (issue 25): its per-station layout, what /outputs reads and writes, and the
 * messages of its read-only live channel (/overlay-ws). Server and overlay page share this file.
 */
export const OVERLAY_LIMITS = {
  /** Safe area in % of the frame per side. EBU R 95 graphics-safe is 5 %, action-safe 3.5 %. */
  safeArea: { min: 0, max: 10 },
  /** Headline size in px at 1080 lines; the other elements scale from it. */
  fontSize: { min: 24, max: 72 },
  /** Ticker speed in px/s at 1920 px: ~60–240 reads comfortably; beyond is for tests and promos. */
  tickerSpeed: { min: 20, max: 600 },
} as const;

/** Longest label text (Breaking / News / Emergency, or the station's own words). */
export const OVERLAY_LABEL_MAX = 24;

/** Text on a bar must stay legible on air: WCAG AA for normal text. */
export const OVERLAY_MIN_TEXT_CONTRAST = 4.5;

export const OVERLAY_ALIGNS = ['left', 'center', 'right'] as const;
export const OVERLAY_TICKER_POSITIONS = ['bottom', 'top'] as const;
export const OVERLAY_ANIMATIONS = ['slide', 'fade', 'cut'] as const;

const colour = (label: string) =>
  z
    .string({ error: `${label} must be a colour written as #rrggbb` })
    .trim()
    .regex(HEX_COLOUR, `${label} must be a colour written as #rrggbb, e.g. #c8102e`)
    .transform((v) => v.toLowerCase());

const whole = (label: string, { min, max }: { min: number; max: number }, unit: string) =>
  z
    .number({ error: `${label} must be a number` })
    .int(`${label} must be a whole number`)
    .min(min, `${label} must be at least ${min} ${unit}`)
    .max(max, `${label} must be at most ${max} ${unit}`);

/** The words on the overlay's own labels (a Dhivehi station writes them in Thaana). */
const caption = (label: string) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .min(1, `${label} cannot be empty`)
    .max(OVERLAY_LABEL_MAX, `${label} must be at most ${OVERLAY_LABEL_MAX} characters`);

/** PUT /api/outputs/overlay/layout: the whole layout (the form always sends every field). */
export const overlayLayoutSchema = z
  .object({
    /** Where the lower third, breaking bar, info line and hashtag/program bars sit across the frame. */
    align: z.enum(OVERLAY_ALIGNS, { error: `Position must be one of: ${OVERLAY_ALIGNS.join(', ')}` }),
    tickerPosition: z.enum(OVERLAY_TICKER_POSITIONS, {
      error: `Ticker position must be one of: ${OVERLAY_TICKER_POSITIONS.join(', ')}`,
    }),
    safeArea: whole('Safe area', OVERLAY_LIMITS.safeArea, '%'),
    accentColor: colour('Accent colour'),
    barColor: colour('Bar colour'),
    textColor: colour('Text colour'),
    fontSize: whole('Font size', OVERLAY_LIMITS.fontSize, 'px'),
    tickerSpeed: whole('Ticker speed', OVERLAY_LIMITS.tickerSpeed, 'px/s'),
    animation: z.enum(OVERLAY_ANIMATIONS, { error: `Animation must be one of: ${OVERLAY_ANIMATIONS.join(', ')}` }),
    showClock: z.boolean({ error: 'Show clock must be true or false' }),
    breakingLabel: caption('Breaking label'),
    tickerLabel: caption('Ticker label'),
    emergencyLabel: caption('Emergency label'),
  })
  .superRefine((layout, ctx) => {
    // Only once both colours are readable; a bad colour already has its own message.
    if (!HEX_COLOUR.test(String(layout.textColor)) || !HEX_COLOUR.test(String(layout.barColor))) return;
    const ratio = contrastRatio(layout.textColor, layout.barColor);
    if (ratio < OVERLAY_MIN_TEXT_CONTRAST) {
      ctx.addIssue({
        code: 'custom',
        path: ['textColor'],
        message: `Text colour is too close to the bar colour to read on air (contrast ${ratio.toFixed(1)}:1, needs at least ${OVERLAY_MIN_TEXT_CONTRAST}:1)`,
      });
    }
  });
export type OverlayLayout = z.output<typeof overlayLayoutSchema>;

export const DEFAULT_OVERLAY_LAYOUT: OverlayLayout = {
  align: 'left',
  tickerPosition: 'bottom',
  safeArea: 5,
  accentColor: '#c8102e',
  barColor: '#0b1f3a',
  textColor: '#ffffff',
  fontSize: 40,
  tickerSpeed: 120,
  animation: 'slide',
  showClock: true,
  breakingLabel: 'Breaking',
  tickerLabel: 'News',
  emergencyLabel: 'Emergency',
};

/** PUT /api/outputs/overlay/layout: the whole layout and the layout version the form started from (issue 26). */
export const saveOverlayLayoutSchema = overlayLayoutSchema.extend({
  version: z
    .number({ error: 'version must be a whole number' })
    .int('version must be a whole number')
    .min(0, 'version must be 0 or more')
    .optional(),
});
export type SaveOverlayLayoutInput = z.input<typeof saveOverlayLayoutSchema>;

/** A layout with the version its next save must name (a stale one is a 409 with this as `current`). */
export type VersionedOverlayLayout = OverlayLayout & { version: number };

/** The stored layout's version (0: never saved). Kept inside the stored JSON, apart from the settings form's version. */
export function layoutVersionOf(stored: unknown): number {
  const v = typeof stored === 'object' && stored ? (stored as { version?: unknown }).version : undefined;
  return typeof v === 'number' && Number.isInteger(v) && v >= 0 ? v : 0;
}

/** A stored layout read back: anything unreadable (an older shape) falls back to the defaults. */
export function layoutOrDefault(stored: unknown): OverlayLayout {
  const parsed = overlayLayoutSchema.safeParse({
    ...DEFAULT_OVERLAY_LAYOUT,
    ...(typeof stored === 'object' && stored ? stored : {}),
  });
  return parsed.success ? parsed.data : DEFAULT_OVERLAY_LAYOUT;
}

/** GET /api/outputs/overlay and POST …/rotate (owner, admin). `path` is /overlay/<key>. */
export interface OverlayOutput {
  key: string;
  path: string;
  createdAt: string;
  layout: OverlayLayout;
  /** The version a layout save from this answer names (issue 26). */
  layoutVersion: number;
  /**
   * Sockets on this key now, every one (OBS, vMix, CasparCG, /outputs previews, a leaked copy):
   * what a rotation blanks. `previews` of them said they are a /outputs preview — the page's own
   * word, so a preview is counted, never hidden (issue 37 #10).
   */
  connected: number;
  previews: number;
}

/** Who is on a company's overlay key now (the overlay hub's count). */
export type OverlayConnections = Pick<OverlayOutput, 'connected' | 'previews'>;

/** The CG texts the overlay shows: type → text ('' = off air). */
export type OverlayTexts = Partial<Record<CgWritableType, string>>;

/** Messages the overlay page may send on /overlay-ws: the key first, then pings only. */
export const overlayClientMessageSchema = z.discriminatedUnion('type', [
  // preview: the page runs in a frame (the /outputs preview); counted in `connected` and as a preview.
  z.object({ type: z.literal('overlay_auth'), key: z.string().max(128), preview: z.boolean().optional() }),
  z.object({ type: z.literal('ping') }),
]);
export type OverlayClientMessage = z.infer<typeof overlayClientMessageSchema>;

/** What the server sends an overlay: a snapshot after auth (and on every reconnect), then changes. */
export type OverlayServerMessage =
  | {
      type: 'overlay_snapshot';
      /**
       * `servers`: the address of every CG Bridge server of the store, this one first (issue 43):
       * the overlay moves to a living one when its server is gone.
       */
      data: { texts: OverlayTexts; layout: OverlayLayout; timeZone: string; servers: string[] };
    }
  | { type: 'cg_file_updated'; data: { type: CgWritableType; content: string; updatedAt: string } }
  | { type: 'overlay_layout'; data: OverlayLayout }
  /** The station's time zone changed in settings: the clock follows at once, not at the next reconnect. */
  | { type: 'overlay_clock'; data: { timeZone: string } }
  | { type: 'pong'; data: null };

export { OVERLAY_WS_PATH } from '../constants';
/** 128 bits is the issue's floor; 32 random bytes as base64url (43 characters) leave a margin. */
export const OVERLAY_KEY_BYTES = 32;
export const OVERLAY_KEY_PATTERN = /^[A-Za-z0-9_-]{43}$/;
