import { Box } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { useEffect, useRef } from 'react';
import { layoutOrDefault, type OverlayTexts } from '@shared/contracts/overlay';
import { OverlayView } from '@/overlay/overlay-view';
import overlayCss from '@/overlay/overlay.css?inline';

const FRAME = { width: 1920, height: 1080 };

/**
 * The overlay page's stylesheet inside a shadow root: its `html, body` rules match nothing there
 * and its `:root` defaults apply to the host, so the app around it is untouched.
 */
const SHADOW_CSS = overlayCss.replace(/:root\b/g, ':host');

/** The clock is not staged: the preview shows what Take changes, not the time. */
const PREVIEW_LAYOUT = { ...layoutOrDefault(null), showClock: false };

/**
 * The HTML overlay's own elements (renderer/src/overlay) drawn with the texts after a Take,
 * scaled into the box — the same components OBS shows, without a frame or an overlay key.
 */
export function NextOverlayPreview({ texts }: { texts: OverlayTexts }) {
  const { ref, width } = useElementSize();
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<OverlayView | null>(null);
  const scale = width > 0 ? width / FRAME.width : 0;

  useEffect(() => {
    const el = host.current;
    if (!el) return;
    const root = el.shadowRoot ?? el.attachShadow({ mode: 'open' });
    root.innerHTML = `<style>${SHADOW_CSS}</style>`;
    const stage = document.createElement('div');
    stage.className = 'stage';
    root.append(stage);
    const v = new OverlayView(stage);
    v.applyLayout(PREVIEW_LAYOUT, 'UTC');
    view.current = v;
    return () => {
      v.replace({}); // stops the ticker's animation frames
      view.current = null;
      root.innerHTML = '';
    };
  }, []);

  useEffect(() => {
    view.current?.replace(texts);
  }, [texts]);

  return (
    <Box
      ref={ref}
      pos="relative"
      bg="dark.7"
      style={{ height: FRAME.height * scale, overflow: 'hidden', borderRadius: 6 }}
      role="img"
      aria-label="Preview of the overlay after Take"
      data-testid="next-overlay-preview"
    >
      <div
        ref={host}
        style={{
          position: 'absolute',
          top: 0,
          left: 0,
          width: FRAME.width,
          height: FRAME.height,
          transform: `scale(${scale})`,
          transformOrigin: '0 0',
        }}
      />
    </Box>
  );
}
