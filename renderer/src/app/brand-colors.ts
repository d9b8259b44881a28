import type { MantineColorsTuple } from '@mantine/core';
import { HEX_COLOUR } from '@shared/branding';

/** The shade Mantine's dark scheme fills buttons, switches and the active menu item with. */
export const BRAND_FILLED_SHADE = 8;

/** How much white goes into shades 0–7: 0 is a near-white tint, 7 almost the colour itself. */
const TINTS = [0.9, 0.78, 0.62, 0.46, 0.3, 0.2, 0.12, 0.05] as const;

function toRgb(hex: string): [number, number, number] {
  const n = Number.parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

function toHex(rgb: readonly number[]): string {
  return `#${rgb.map((c) => Math.round(Math.min(255, Math.max(0, c))).toString(16).padStart(2, '0')).join('')}`;
}

/** `hex` moved `amount` (0–1) of the way towards `target`. */
function mix(hex: string, target: readonly [number, number, number], amount: number): string {
  return toHex(toRgb(hex).map((c, i) => c + ((target[i] ?? c) - c) * amount));
}

/**
 * Ten Mantine shades for a brand colour with the colour itself EXACTLY at the filled shade (8 in
 * the dark scheme). generateColors from @mantine/colors-generator puts the colour at the shade
 * nearest its lightness (often 4–6), so a filled button would show a different colour from the
 * one the admin picked and the server checked for contrast. Lighter shades (outline and text use
 * shade 4) are white mixes, so they are at least as legible on the dark page as the colour.
 */
export function brandShades(hex: string): MantineColorsTuple {
  const base = HEX_COLOUR.test(hex) ? hex.toLowerCase() : '#3b82f6';
  const tints = TINTS.map((amount) => mix(base, [255, 255, 255], amount));
  const darker = mix(base, [0, 0, 0], 0.25);
  return [...tints, base, darker] as unknown as MantineColorsTuple;
}
