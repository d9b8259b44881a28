import { registerLiveEvent } from '@/lib/live-registry';
import { overlayOutputQueryKey } from './api/get-overlay-output';

/** Another admin rotated the key or saved the layout: /outputs shows the new URL and values. */
export function registerOutputsLiveEvents(): () => void {
  const offLayout = registerLiveEvent('overlay_layout_updated', { invalidate: [overlayOutputQueryKey] });
  const offKey = registerLiveEvent('overlay_key_rotated', { invalidate: [overlayOutputQueryKey] });
  return () => {
    offLayout();
    offKey();
  };
}
