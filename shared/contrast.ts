/**
 * WCAG 2.2 contrast (issue 27): the one rule the theme, the branding check and the tests use.
 * Text needs 4.5:1 (1.4.3); large text and the edges of controls 3:1 (1.4.3, 1.4.11).
 */
export const MIN_TEXT_CONTRAST = 4.5;
export const MIN_UI_CONTRAST = 3;

export const WHITE = '#ffffff';
export const BLACK = '#000000';

/**
 * The dark scheme's surfaces that carry text (Mantine's dark palette): the page and cards
 * (dark-7), inputs, dropdowns, menus and default buttons (dark-6).
 */
export const DARK_SURFACES = { page: '#242424', raised: '#2e2e2e' } as const;

function channel(c: number): number {
  const s = c / 255;
  return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
}

/** WCAG relative luminance of a #rrggbb colour (0 black to 1 white). */
export function luminance(hex: string): number {
  const n = Number.parseInt(hex.slice(1), 16);
  return 0.2126 * channel((n >> 16) & 255) + 0.7152 * channel((n >> 8) & 255) + 0.0722 * channel(n & 255);
}

/** WCAG contrast ratio of two #rrggbb colours (1 to 21). */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/**
 * The brightest fill on which white text still reaches 4.5:1: (1 + 0.05) / 4.5 − 0.05. Mantine's
 * autoContrast puts black labels on fills above its `luminanceThreshold`, so this number as the
 * threshold makes every filled button, badge and active menu item pass.
 */
export const WHITE_LABEL_MAX_LUMINANCE = (1 + 0.05) / MIN_TEXT_CONTRAST - 0.05;

/**
 * The label colour for text on a fill: white while white reads at 4.5:1 (the dark UI's usual
 * look), else black. Where white fails black reaches at least 4.58:1, so one of them always passes.
 */
export function labelColourOn(fill: string): typeof WHITE | typeof BLACK {
  return luminance(fill) <= WHITE_LABEL_MAX_LUMINANCE ? WHITE : BLACK;
}
