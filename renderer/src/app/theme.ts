import { createTheme } from '@mantine/core';

/**
 * Thaana comes FIRST. The bundled face is limited to Thaana code points (unicode-range), so
 * Latin text still falls through to the system fonts; but behind system-ui, Linux Chromium
 * resolved Thaana to a font without the glyphs and drew empty boxes in cards and lists.
 */
const TEXT_FONTS = '"Noto Sans Thaana", Inter, "Segoe UI", system-ui, -apple-system, Roboto, sans-serif';

/** Dense but legible: a control room reads this UI at arm's length on a dark wall of screens. */
export const theme = createTheme({
  primaryColor: 'blue',
  defaultRadius: 'sm',
  fontFamily: TEXT_FONTS,
  fontFamilyMonospace: `"Noto Sans Thaana", ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace`,
  fontSizes: { xs: '0.75rem', sm: '0.8125rem', md: '0.875rem', lg: '1rem', xl: '1.125rem' },
  headings: { fontWeight: '700', fontFamily: TEXT_FONTS },
  components: {
    Table: { defaultProps: { verticalSpacing: 6, horizontalSpacing: 'sm' } },
  },
});
