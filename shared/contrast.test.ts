import { describe, expect, it } from 'vitest';
import {
  BLACK,
  DARK_SURFACES,
  MIN_TEXT_CONTRAST,
  WHITE,
  WHITE_LABEL_MAX_LUMINANCE,
  contrastRatio,
  labelColourOn,
  luminance,
} from './contrast';

/** Every 17th step of each channel: 4 096 colours across the whole cube. */
function colourGrid(): string[] {
  const steps = Array.from({ length: 16 }, (_, i) => i * 17);
  const hex = (n: number) => n.toString(16).padStart(2, '0');
  return steps.flatMap((r) => steps.flatMap((g) => steps.map((b) => `#${hex(r)}${hex(g)}${hex(b)}`)));
}

describe('contrast', () => {
  it('measures WCAG ratios (white on black 21:1, Mantine dimmed on the dark page 4.04:1, axe says 4.03)', () => {
    expect(contrastRatio(WHITE, BLACK)).toBeCloseTo(21, 5);
    expect(contrastRatio('#828282', DARK_SURFACES.page)).toBeCloseTo(4.04, 2);
    expect(contrastRatio(WHITE, '#3b82f6')).toBeCloseTo(3.68, 2);
  });

  it('puts white labels on fills up to the threshold, where white is exactly 4.5:1', () => {
    expect((1 + 0.05) / (WHITE_LABEL_MAX_LUMINANCE + 0.05)).toBeCloseTo(MIN_TEXT_CONTRAST, 10);
    expect(labelColourOn('#1971c2')).toBe(WHITE); // Mantine blue-8, 5.0:1
    expect(labelColourOn('#3b82f6')).toBe(BLACK); // the default brand blue: white reads at 3.7:1
    expect(labelColourOn('#e03131')).toBe(WHITE); // red-8 (LIVE): white 4.5:1
  });

  it('always picks a label that reaches 4.5:1, whatever the fill', () => {
    for (const fill of colourGrid()) {
      const label = labelColourOn(fill);
      expect(contrastRatio(label, fill), `${label} on ${fill}`).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
    }
  });

  it('agrees with luminance ordering', () => {
    expect(luminance(BLACK)).toBe(0);
    expect(luminance(WHITE)).toBeCloseTo(1, 10);
    expect(luminance(DARK_SURFACES.raised)).toBeGreaterThan(luminance(DARK_SURFACES.page));
  });
});
