import { describe, expect, it } from 'vitest';
import { BRAND_FILLED_SHADE, BRAND_TEXT_SHADE, brandShadeList } from './brand-shades';
import { DEFAULT_BRANDING, brandColourProblem, brandContrast } from './branding';
import { DARK_SURFACES, MIN_TEXT_CONTRAST, MIN_UI_CONTRAST, contrastRatio, labelColourOn, luminance } from './contrast';

const SWATCHES = [
  '#3b82f6',
  '#22c55e',
  '#eab308',
  '#f97316',
  '#ef4444',
  '#ec4899',
  '#a855f7',
  '#14b8a6',
  '#64748b',
  '#94a3b8',
];

function colourGrid(): string[] {
  const steps = Array.from({ length: 12 }, (_, i) => Math.round((i * 255) / 11));
  const hex = (n: number) => n.toString(16).padStart(2, '0');
  return steps.flatMap((r) => steps.flatMap((g) => steps.map((b) => `#${hex(r)}${hex(g)}${hex(b)}`)));
}

describe('brand colour check (issue 27: the theme rule)', () => {
  it('accepts the defaults, the swatches and a station red', () => {
    for (const c of [...Object.values(DEFAULT_BRANDING), ...SWATCHES, '#e11d48', '#dc2626'])
      expect(brandColourProblem(c), c).toBeNull();
  });

  it('refuses a fill too dark to tell from the page, naming the ratio', () => {
    expect(brandColourProblem('#101010')).toMatch(
      /^is too dark to read on the dark theme \(contrast 1\.2:1, needs at least 3:1\)$/,
    );
    expect(brandColourProblem('blue')).toMatch(/#rrggbb/);
  });

  it('every accepted colour paints readable text, labels and fills on every dark surface', () => {
    let accepted = 0;
    for (const colour of colourGrid()) {
      if (brandColourProblem(colour) !== null) continue;
      accepted += 1;
      const shades = brandShadeList(colour);
      const fill = shades[BRAND_FILLED_SHADE] as string;
      expect(contrastRatio(fill, DARK_SURFACES.page), colour).toBeGreaterThanOrEqual(MIN_UI_CONTRAST);
      expect(contrastRatio(labelColourOn(fill), fill), colour).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
      for (const surface of Object.values(DARK_SURFACES)) {
        expect(
          contrastRatio(shades[BRAND_TEXT_SHADE] as string, surface),
          `${colour} text on ${surface}`,
        ).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
      }
    }
    expect(accepted).toBeGreaterThan(1000);
  });

  it('reports what the settings page shows: the default blue takes black labels at 5.7:1', () => {
    const c = brandContrast('#3b82f6');
    expect(c.fill).toBeCloseTo(4.22, 2);
    expect(c.labelColour).toBe('#000000');
    expect(c.label).toBeCloseTo(5.71, 2);
  });
});

describe('brand shades', () => {
  it('keeps the colour exactly at the filled shade and the shades in order of lightness', () => {
    for (const colour of ['#e11d48', '#3b82f6', '#5555ff', '#eab308']) {
      const shades = brandShadeList(colour.toUpperCase());
      expect(shades).toHaveLength(10);
      expect(shades[BRAND_FILLED_SHADE]).toBe(colour);
      for (let i = 1; i < shades.length; i++)
        expect(luminance(shades[i] as string), `${colour} shade ${i}`).toBeLessThanOrEqual(
          luminance(shades[i - 1] as string),
        );
    }
  });

  it('lifts a deep red text shade to 4.5:1 where the usual 30 % white would read at 4.2:1', () => {
    const text = brandShadeList('#e11d48')[BRAND_TEXT_SHADE] as string;
    expect(contrastRatio(text, DARK_SURFACES.raised)).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
    expect(brandShadeList('#3b82f6')[BRAND_TEXT_SHADE]).toBe('#76a8f9'); // unchanged where 30 % suffices
  });
});
