import { DARK_SURFACES, MIN_TEXT_CONTRAST, contrastRatio } from './contrast';

/**
 * The ten shades the UI derives from a brand colour (Mantine's colour tuple), here in shared/ so
 * the branding check judges the very shades the theme paints: the colour itself EXACTLY at the
 * filled shade (8 in the dark scheme), lighter white mixes above it (outline, light and link text
 * use shade 4), a darker mix at 9.
 */
export const BRAND_FILLED_SHADE = 8;

/** The shade Mantine's dark scheme uses for brand-coloured text (outline, light, subtle, links). */
export const BRAND_TEXT_SHADE = 4;

/** How much white goes into shades 0–7: 0 is a near-white tint, 7 almost the colour itself. */
const TINTS = [0.9, 0.78, 0.62, 0.46, 0.3, 0.2, 0.12, 0.05] as const;

const HEX = /^#[0-9a-fA-F]{6}$/;
const FALLBACK = '#3b82f6';

function toRgb(hex: string): [number, number, number] {
  const n = Number.parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

function toHex(rgb: readonly number[]): string {
  return `#${rgb
    .map((c) =>
      Math.round(Math.min(255, Math.max(0, c)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

/** `hex` moved `amount` (0–1) of the way towards `target`. */
function mix(hex: string, target: readonly [number, number, number], amount: number): string {
  return toHex(toRgb(hex).map((c, i) => c + ((target[i] ?? c) - c) * amount));
}

/** The least white (from the usual 30 %) that lifts `base` to 4.5:1 on every dark surface. */
function textTint(base: string): number {
  const readable = (amount: number) =>
    Object.values(DARK_SURFACES).every(
      (surface) => contrastRatio(mix(base, [255, 255, 255], amount), surface) >= MIN_TEXT_CONTRAST,
    );
  let amount: number = TINTS[BRAND_TEXT_SHADE];
  while (amount < 1 && !readable(amount)) amount = Math.min(1, amount + 0.01);
  return amount;
}

/**
 * Ten #rrggbb shades, index 0 lightest; a malformed colour gives the default blue's. The text
 * shade gets as much more white as it needs to read at 4.5:1 (a deep red's 30 % mix reads at
 * 4.2:1 on a dropdown), and the lighter shades stay at least as light as it.
 */
export function brandShadeList(hex: string): string[] {
  const base = HEX.test(hex) ? hex.toLowerCase() : FALLBACK;
  const text = textTint(base);
  const tints = TINTS.map((amount, i) =>
    mix(base, [255, 255, 255], i <= BRAND_TEXT_SHADE ? Math.max(amount, text) : amount),
  );
  return [...tints, base, mix(base, [0, 0, 0], 0.25)];
}
