import { createTheme } from '@mantine/core';

/** Dense but legible: a control room reads this UI at arm's length on a dark wall of screens. */
export const theme = createTheme({
  primaryColor: 'blue',
  defaultRadius: 'sm',
  // Thaana sits after the system fonts: they draw Latin text, it draws what they lack.
  fontFamily: 'Inter, "Segoe UI", system-ui, -apple-system, Roboto, "Noto Sans Thaana", sans-serif',
  fontSizes: { xs: '0.75rem', sm: '0.8125rem', md: '0.875rem', lg: '1rem', xl: '1.125rem' },
  headings: { fontWeight: '700' },
  components: {
    Table: { defaultProps: { verticalSpacing: 6, horizontalSpacing: 'sm' } },
  },
});
