import { Box, Group, Switch, Text } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { useEffect, useRef, useState } from 'react';
import type { OverlayLayout } from '@shared/contracts/overlay';
import { previewLayoutMessage } from '@/overlay/preview-messages';

const FRAME = { width: 1920, height: 1080 };

/** A checkerboard shows where the overlay is transparent (as image editors do). */
const CHECKERBOARD = {
  backgroundColor: '#3a3f47',
  backgroundImage:
    'linear-gradient(45deg, #2b2f36 25%, transparent 25%), linear-gradient(-45deg, #2b2f36 25%, transparent 25%), linear-gradient(45deg, transparent 75%, #2b2f36 75%), linear-gradient(-45deg, transparent 75%, #2b2f36 75%)',
  backgroundSize: '24px 24px',
  backgroundPosition: '0 0, 0 12px, 12px -12px, -12px 0',
};

/**
 * The real overlay page in a frame, scaled to fit: what OBS gets, live. The form's unsaved
 * values go to it by postMessage (same origin), so a change shows before it is saved; "Sample
 * text" fills what is off air so a layout can be judged with nothing on air.
 */
export function OverlayPreview({ path, layout }: { path: string; layout: OverlayLayout }) {
  const { ref, width } = useElementSize();
  const frame = useRef<HTMLIFrameElement>(null);
  const [sample, setSample] = useState(true);
  const scale = width > 0 ? width / FRAME.width : 0;
  const src = sample ? `${path}?sample=1` : path;

  const post = () => frame.current?.contentWindow?.postMessage(previewLayoutMessage(layout), window.location.origin);
  useEffect(() => {
    frame.current?.contentWindow?.postMessage(previewLayoutMessage(layout), window.location.origin);
  }, [layout]);

  return (
    <Box>
      <Group justify="space-between" mb={6} gap="xs">
        <Text size="sm" fw={600}>
          Preview
        </Text>
        <Switch
          size="sm"
          label="Sample text where nothing is on air"
          checked={sample}
          onChange={(e) => setSample(e.currentTarget.checked)}
        />
      </Group>
      <Box
        ref={ref}
        pos="relative"
        style={{ ...CHECKERBOARD, height: FRAME.height * scale, overflow: 'hidden', borderRadius: 6 }}
        data-testid="overlay-preview"
      >
        {scale > 0 && (
          <iframe
            ref={frame}
            key={src}
            src={src}
            title="Overlay preview"
            onLoad={post}
            width={FRAME.width}
            height={FRAME.height}
            // The frame's colour scheme must equal the overlay page's ('normal'), else Chromium paints it opaque white.
            style={{
              border: 0,
              position: 'absolute',
              top: 0,
              left: 0,
              transform: `scale(${scale})`,
              transformOrigin: '0 0',
              background: 'transparent',
              colorScheme: 'normal',
            }}
          />
        )}
      </Box>
      <Text size="xs" c="dimmed" mt={4}>
        The live overlay, scaled to fit. Unsaved changes show here only; Save sends them to every overlay of the
        station.
      </Text>
    </Box>
  );
}
