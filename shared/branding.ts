/**
 * Branding colours and their legibility check (issue 10). The UI is dark-themed: a brand colour is
 * used as text and outline on the dark page and as the fill of buttons (whose label colour Mantine
 * picks automatically). The server refuses a colour the dark page would make unreadable; the
 * settings page shows the same ratio while the colour is picked.
 */
export const DEFAULT_BRANDING = { primaryColor: '#3b82f6', secondaryColor: '#64748b' } as const;

/** Mantine's dark page background (dark[7]) — what brand-coloured text sits on. */
export const DARK_PAGE_BACKGROUND = '#242424';

/** WCAG 2.x minimum for large text and UI components; labels in our buttons and badges are bold. */
export const MIN_BRAND_CONTRAST = 3;

export const HEX_COLOUR = /^#[0-9a-fA-F]{6}$/;

function channel(c: number): number {
  const s = c / 255;
  return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
}

/** WCAG relative luminance of a #rrggbb colour. */
function luminance(hex: string): number {
  const n = Number.parseInt(hex.slice(1), 16);
  return 0.2126 * channel((n >> 16) & 255) + 0.7152 * channel((n >> 8) & 255) + 0.0722 * channel(n & 255);
}

/** WCAG contrast ratio of two #rrggbb colours (1 to 21). */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** Why `hex` cannot be a brand colour of the dark UI, or null when it can. */
export function brandColourProblem(hex: string): string | null {
  if (!HEX_COLOUR.test(hex)) return 'must be a colour written as #rrggbb, e.g. #3b82f6';
  const ratio = contrastRatio(hex, DARK_PAGE_BACKGROUND);
  if (ratio < MIN_BRAND_CONTRAST) {
    return `is too dark to read on the dark theme (contrast ${ratio.toFixed(1)}:1, needs at least ${MIN_BRAND_CONTRAST}:1)`;
  }
  return null;
}
