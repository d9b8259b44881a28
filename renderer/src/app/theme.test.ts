import { DEFAULT_THEME, darken, mergeMantineTheme, mergeThemeOverrides } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import {
  DARK_SURFACES,
  MIN_TEXT_CONTRAST,
  WHITE_LABEL_MAX_LUMINANCE,
  contrastRatio,
  labelColourOn,
} from '@shared/contrast';
import { brandShades } from './brand-colors';
import { contrastVariables, theme } from './theme';

const branded = mergeMantineTheme(
  DEFAULT_THEME,
  mergeThemeOverrides(theme, { colors: { brand: brandShades('#3b82f6'), rose: brandShades('#e11d48') } }),
);
const resolved = contrastVariables(branded);

/** Mantine's dark light-variant background (darken(shade 9, 0.5)) as #rrggbb. */
function lightBackground(shades: readonly string[]): string {
  const [r, g, b] = (darken(shades[9] as string, 0.5).match(/\d+/g) ?? []).map(Number);
  return `#${[r, g, b].map((c) => (c ?? 0).toString(16).padStart(2, '0')).join('')}`;
}

/**
 * The light-variant backgrounds dimmed text sits on (blue/red/gray alerts and badges, the
 * prompter's bulletin line in the brand's tint). Yellow, orange and green tints carry body
 * text only: dimmed text on them would need a lighter grey than the page can take.
 */
const TINTED = [
  ...(['blue', 'red', 'gray', 'dark'] as const).map((c) => lightBackground(DEFAULT_THEME.colors[c])),
  lightBackground(brandShades('#3b82f6')),
];

describe('theme contrast (issue 27)', () => {
  it('dimmed text reads at 4.5:1 on every dark surface and tint', () => {
    const dimmed = resolved.dark['--mantine-color-dimmed'] as string;
    for (const surface of [...Object.values(DARK_SURFACES), ...TINTED]) {
      expect(contrastRatio(dimmed, surface), `${dimmed} on ${surface}`).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
    }
    // Still dimmed: visibly below the body text (dark-0).
    expect(contrastRatio(dimmed, DARK_SURFACES.page)).toBeLessThan(contrastRatio('#c9c9c9', DARK_SURFACES.page));
  });

  it('the light scheme dimmed reads at 4.5:1 on white and gray-0', () => {
    const dimmed = resolved.light['--mantine-color-dimmed'] as string;
    for (const surface of ['#ffffff', '#f8f9fa'])
      expect(contrastRatio(dimmed, surface)).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
  });

  it('labels on fills follow the shared rule', () => {
    expect(theme.autoContrast).toBe(true);
    expect(theme.luminanceThreshold).toBe(WHITE_LABEL_MAX_LUMINANCE);
  });

  it('a hovered fill keeps its label readable: black-labelled colours lighten on hover', () => {
    for (const [name, shades] of Object.entries(branded.colors)) {
      const label = labelColourOn(shades[8]);
      const override = resolved.dark[`--mantine-color-${name}-filled-hover`];
      const hover = override ? shades[Number(/-(\d)\)$/.exec(override)?.[1])] : shades[9];
      expect(contrastRatio(label, hover as string), `${name} hover`).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
      expect(resolved.light[`--mantine-color-${name}-filled-hover`]).toBe(override);
    }
    expect(resolved.dark['--mantine-color-brand-filled-hover']).toBe('var(--mantine-color-brand-7)');
  });
});
