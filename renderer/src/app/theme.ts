import { Alert, createTheme, Drawer, Menu, Modal, Notification, type CSSVariablesResolver } from '@mantine/core';
import { BLACK, WHITE_LABEL_MAX_LUMINANCE, labelColourOn } from '@shared/contrast';

/**
 * Thaana comes FIRST. The bundled face is limited to Thaana code points (unicode-range), so
 * Latin text still falls through to the system fonts; but behind system-ui, Linux Chromium
 * resolved Thaana to a font without the glyphs and drew empty boxes in cards and lists.
 */
const TEXT_FONTS = '"Noto Sans Thaana", Inter, "Segoe UI", system-ui, -apple-system, Roboto, sans-serif';

/**
 * Icon-only close buttons (×) need a name a screen reader can say (WCAG 4.1.2); "Close dialog",
 * not "Close", because some dialogs end with a Close button of their own.
 */
const DIALOG_CLOSE = { 'aria-label': 'Close dialog' } as const;

/**
 * The dialog's <header> is not the page's banner: left as is, every open dialog adds a second
 * banner landmark beside the app header.
 */
const DIALOG_PARTS = { closeButtonProps: DIALOG_CLOSE, attributes: { header: { role: 'none' } } } as const;

/** Dense but legible: a control room reads this UI at arm's length on a dark wall of screens. */
export const theme = createTheme({
  primaryColor: 'blue',
  defaultRadius: 'sm',
  fontFamily: TEXT_FONTS,
  fontFamilyMonospace: `"Noto Sans Thaana", ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace`,
  fontSizes: { xs: '0.75rem', sm: '0.8125rem', md: '0.875rem', lg: '1rem', xl: '1.125rem' },
  headings: { fontWeight: '700', fontFamily: TEXT_FONTS },
  // Labels on every filled button, badge and active menu item: white while white reads at 4.5:1,
  // else black (issue 27; the same rule as the branding check in shared/contrast.ts). Mantine's
  // default (0.3) kept white on the default blue at 3.7:1.
  autoContrast: true,
  luminanceThreshold: WHITE_LABEL_MAX_LUMINANCE,
  // Fills use shade 8 in both schemes. Mantine picks a fill's label from the LIGHT scheme's shade
  // whatever the scheme (it does not know it there), so with light 6 / dark 8 the label was
  // judged on another colour than the one painted: black on the dark gray-8 fill (1.8:1).
  // Shade 8 in light too keeps the brand colour exact there as well (issue 10).
  primaryShade: { light: 8, dark: 8 },
  components: {
    Table: { defaultProps: { verticalSpacing: 6, horizontalSpacing: 'sm' } },
    Modal: Modal.extend({ defaultProps: DIALOG_PARTS }),
    Drawer: Drawer.extend({ defaultProps: DIALOG_PARTS }),
    // The description's default (dimmed, 3.5:1 on the dark toast) fails WCAG AA: toasts say what aired.
    Notification: Notification.extend({
      defaultProps: { closeButtonProps: { 'aria-label': 'Close notification' } },
      styles: { description: { color: 'var(--mantine-color-text)' } },
    }),
    Alert: Alert.extend({ defaultProps: { closeButtonLabel: 'Close' } }),
    // The focus placeholder is a focusable div inside role="menu", which may only own menu items;
    // without it the first item takes focus on open, as the ARIA menu pattern expects.
    Menu: Menu.extend({ defaultProps: { withInitialFocusPlaceholder: false } }),
  },
});

/**
 * Secondary text and error text at 4.5:1 on every surface that carries them. Mantine's dark
 * dimmed (#828282) read at 4.0:1 on the page and 3.5:1 on inputs and dropdowns; #a6a6a6 reads at
 * 6.4:1 and 5.6:1 and still sits visibly below the body text (#c9c9c9). The dark error red
 * (red-8, 3.4:1) becomes red-5 (5.6:1). The light scheme gets the same care (gray-6 was 3.3:1).
 */
export const contrastVariables: CSSVariablesResolver = (resolved) => {
  const hovers = blackLabelHovers(resolved.colors);
  return {
    variables: {},
    light: { '--mantine-color-dimmed': '#5c636a', '--mantine-color-error': 'var(--mantine-color-red-9)', ...hovers },
    dark: { '--mantine-color-dimmed': '#a6a6a6', '--mantine-color-error': 'var(--mantine-color-red-5)', ...hovers },
  };
};

/**
 * A hovered fill darkens to shade 9 but keeps its label: a black label (the default blue's) drops
 * below 4.5:1 there (3.6:1 on the brand's shade 9). Colours with black labels lighten to shade 7
 * on hover instead; white-labelled ones keep Mantine's darker hover.
 */
function blackLabelHovers(colors: Record<string, readonly string[]>): Record<string, string> {
  const hovers: Record<string, string> = {};
  for (const [name, shades] of Object.entries(colors)) {
    const fill = shades[8];
    if (fill?.startsWith('#') && labelColourOn(fill) === BLACK)
      hovers[`--mantine-color-${name}-filled-hover`] = `var(--mantine-color-${name}-7)`;
  }
  return hovers;
}
