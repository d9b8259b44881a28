import { describe, expect, it } from 'vitest';
import { DEFAULT_OVERLAY_LAYOUT, layoutOrDefault, overlayLayoutSchema } from '@shared/contracts/overlay';
import { PREVIEW_LAYOUT_MESSAGE, previewLayoutFrom, previewLayoutMessage } from './preview-messages';
import { withSamples } from './sample-texts';

describe('overlay rules (issue 25)', () => {
  it('reads a preview layout only in its own message shape', () => {
    expect(previewLayoutFrom(previewLayoutMessage(DEFAULT_OVERLAY_LAYOUT))).toEqual(DEFAULT_OVERLAY_LAYOUT);
    expect(previewLayoutFrom({ type: 'other', layout: DEFAULT_OVERLAY_LAYOUT })).toBeNull();
    expect(
      previewLayoutFrom({ type: PREVIEW_LAYOUT_MESSAGE, layout: { ...DEFAULT_OVERLAY_LAYOUT, accentColor: 'red' } }),
    ).toBeNull();
    expect(
      previewLayoutFrom({ type: PREVIEW_LAYOUT_MESSAGE, layout: { ...DEFAULT_OVERLAY_LAYOUT, fontSize: '40' } }),
    ).toBeNull();
    expect(previewLayoutFrom('cg-bridge:overlay-preview-layout')).toBeNull();
  });

  it('fills sample text only where nothing is on air, never the emergency', () => {
    const texts = withSamples({ headline: 'Real headline', programbar: 'Real programme' });
    expect(texts.headline).toBe('Real headline');
    expect(texts.subheadline).toBe('Sample subheadline');
    expect(texts.emergency).toBeUndefined();
    expect(texts.program_bar).toBeUndefined();
  });

  it('a stored layout that no longer parses falls back to the defaults; a partial one is completed', () => {
    expect(layoutOrDefault(null)).toEqual(DEFAULT_OVERLAY_LAYOUT);
    expect(layoutOrDefault({ tickerSpeed: 90 })).toEqual({ ...DEFAULT_OVERLAY_LAYOUT, tickerSpeed: 90 });
    expect(layoutOrDefault({ tickerSpeed: 'fast' })).toEqual(DEFAULT_OVERLAY_LAYOUT);
    expect(overlayLayoutSchema.safeParse(DEFAULT_OVERLAY_LAYOUT).success).toBe(true);
  });
});
