import { describe, expect, it } from 'vitest';
import { DARK_PAGE_BACKGROUND, contrastRatio } from '@shared/branding';
import { BRAND_FILLED_SHADE, brandShades } from './brand-colors';

describe('brandShades', () => {
  it('puts the chosen colour exactly at the filled shade, lighter shades above it', () => {
    const shades = brandShades('#E11D48');
    expect(shades).toHaveLength(10);
    expect(shades[BRAND_FILLED_SHADE]).toBe('#e11d48');
    expect(shades[0]).not.toBe(shades[4]);
    for (let i = 1; i <= BRAND_FILLED_SHADE; i++) {
      expect(contrastRatio(shades[i] as string, DARK_PAGE_BACKGROUND)).toBeLessThanOrEqual(
        contrastRatio(shades[i - 1] as string, DARK_PAGE_BACKGROUND),
      );
    }
  });

  it('keeps the outline/text shade at least as legible as the colour', () => {
    const shades = brandShades('#3b82f6');
    expect(contrastRatio(shades[4], DARK_PAGE_BACKGROUND)).toBeGreaterThan(
      contrastRatio('#3b82f6', DARK_PAGE_BACKGROUND),
    );
  });

  it('falls back to the default blue for a malformed colour', () => {
    expect(brandShades('blue')[BRAND_FILLED_SHADE]).toBe('#3b82f6');
  });
});
