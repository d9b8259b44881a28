import type { OverlayLayout } from '@shared/contracts/overlay';

/**
 * /outputs → its preview frame: the layout form's values before they are saved. Only the preview
 * shows them; the saved layout reaches every overlay through the channel. Only same-origin
 * messages are read (main.ts), so a shape check is enough here — the overlay page stays free of
 * zod (a few kB instead of ~30 kB gzip for a page OBS keeps loaded all day).
 */
export const PREVIEW_LAYOUT_MESSAGE = 'cg-bridge:overlay-preview-layout';

export function previewLayoutMessage(layout: OverlayLayout): { type: string; layout: OverlayLayout } {
  return { type: PREVIEW_LAYOUT_MESSAGE, layout };
}

const COLOUR = /^#[0-9a-f]{6}$/i;
const NUMBERS = ['safeArea', 'fontSize', 'tickerSpeed'] as const;
const COLOURS = ['accentColor', 'barColor', 'textColor'] as const;

export function previewLayoutFrom(data: unknown): OverlayLayout | null {
  if (typeof data !== 'object' || data === null || (data as { type?: unknown }).type !== PREVIEW_LAYOUT_MESSAGE)
    return null;
  const layout = (data as { layout?: unknown }).layout;
  if (typeof layout !== 'object' || layout === null) return null;
  const l = layout as Record<string, unknown>;
  const ok =
    NUMBERS.every((k) => typeof l[k] === 'number' && Number.isFinite(l[k])) &&
    COLOURS.every((k) => typeof l[k] === 'string' && COLOUR.test(l[k])) &&
    ['align', 'tickerPosition', 'animation'].every((k) => typeof l[k] === 'string') &&
    typeof l.showClock === 'boolean';
  return ok ? (layout as OverlayLayout) : null;
}
