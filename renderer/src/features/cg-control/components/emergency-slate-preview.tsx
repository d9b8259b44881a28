import { Box, Skeleton } from '@mantine/core';
import { Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import type { OverlayTexts } from '@shared/contracts/overlay';
import { lazyPage } from '@/app/lazy-page';

type PreviewProps = { texts: OverlayTexts };

/**
 * The overlay's own view (renderer/src/overlay), loaded when the dialog opens: the header, where
 * the override dialog lives, must not carry the overlay's code on every page.
 */
const OverlayPreview = lazyPage(() =>
  import('../next/next-overlay-preview').then((m) => ({ default: m.NextOverlayPreview as ComponentType })),
) as unknown as LazyExoticComponent<ComponentType<PreviewProps>>;

/** The full-screen slate exactly as the overlay will draw it (issue 38, point 7). */
export function EmergencySlatePreview({ texts }: PreviewProps) {
  return (
    // Smaller than the dialog is wide: the Override button stays on a laptop's screen.
    <Box maw={420} data-testid="emergency-slate-preview">
      <Suspense fallback={<Skeleton height={120} />}>
        <OverlayPreview texts={texts} />
      </Suspense>
    </Box>
  );
}
