import { BRAND_FILLED_SHADE, BRAND_TEXT_SHADE, brandShadeList } from './brand-shades';
import { DARK_SURFACES, MIN_TEXT_CONTRAST, MIN_UI_CONTRAST, contrastRatio, labelColourOn } from './contrast';

export { contrastRatio } from './contrast';

/**
 * Branding colours and their legibility check (issue 10, WCAG rule of issue 27). The UI is
 * dark-themed: a brand colour fills buttons, badges and the active menu item (label white or
 * black, whichever reaches 4.5:1), and its lighter text shade is used for outline, light and link
 * text on the dark surfaces. The server refuses a colour that any of those would make unreadable;
 * the settings page shows the same check while the colour is picked.
 */
export const DEFAULT_BRANDING = { primaryColor: '#3b82f6', secondaryColor: '#64748b' } as const;

/** Mantine's dark page background (dark[7]) — what a brand fill sits on. */
export const DARK_PAGE_BACKGROUND = DARK_SURFACES.page;

/** A fill must stand out from the page as a control does (WCAG 1.4.11). */
export const MIN_BRAND_CONTRAST = MIN_UI_CONTRAST;

export const HEX_COLOUR = /^#[0-9a-fA-F]{6}$/;

/** What the check measured for one colour, for the settings page's live line. */
export interface BrandContrast {
  /** The fill against the dark page. */
  readonly fill: number;
  /** The fill's label (white or black) against the fill. */
  readonly label: number;
  readonly labelColour: string;
  /** The text shade on the dark surface where it reads worst. */
  readonly text: number;
}

export function brandContrast(hex: string): BrandContrast {
  const shades = brandShadeList(hex);
  const fill = shades[BRAND_FILLED_SHADE] as string;
  const textShade = shades[BRAND_TEXT_SHADE] as string;
  const labelColour = labelColourOn(fill);
  return {
    fill: contrastRatio(fill, DARK_PAGE_BACKGROUND),
    label: contrastRatio(labelColour, fill),
    labelColour,
    text: Math.min(...Object.values(DARK_SURFACES).map((surface) => contrastRatio(textShade, surface))),
  };
}

/** Why `hex` cannot be a brand colour of the dark UI, or null when it can. */
export function brandColourProblem(hex: string): string | null {
  if (!HEX_COLOUR.test(hex)) return 'must be a colour written as #rrggbb, e.g. #3b82f6';
  const c = brandContrast(hex);
  if (c.fill < MIN_BRAND_CONTRAST) {
    return `is too dark to read on the dark theme (contrast ${c.fill.toFixed(1)}:1, needs at least ${MIN_BRAND_CONTRAST}:1)`;
  }
  // Unreachable with white/black labels (one of them always reaches 4.58:1), kept so the rule
  // stays whole if the label colours ever change.
  if (c.label < MIN_TEXT_CONTRAST) {
    return `leaves no readable label on a filled button (contrast ${c.label.toFixed(1)}:1, needs at least ${MIN_TEXT_CONTRAST}:1)`;
  }
  if (c.text < MIN_TEXT_CONTRAST) {
    return `is too dark for text on the dark theme (contrast ${c.text.toFixed(1)}:1, needs at least ${MIN_TEXT_CONTRAST}:1)`;
  }
  return null;
}
