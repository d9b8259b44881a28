import type { MantineColorsTuple } from '@mantine/core';
import { brandShadeList } from '@shared/brand-shades';

export { BRAND_FILLED_SHADE } from '@shared/brand-shades';

/**
 * Ten Mantine shades for a brand colour with the colour itself EXACTLY at the filled shade (8 in
 * the dark scheme). generateColors from @mantine/colors-generator puts the colour at the shade
 * nearest its lightness (often 4–6), so a filled button would show a different colour from the
 * one the admin picked and the server checked for contrast. The shades are computed in shared/
 * so the server's branding check judges the same ones (shared/branding.ts).
 */
export function brandShades(hex: string): MantineColorsTuple {
  return brandShadeList(hex) as unknown as MantineColorsTuple;
}
