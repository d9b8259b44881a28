import type { OverlayConnections } from '@shared/contracts/overlay';

/**
 * What /outputs says before a rotation (issue 37 #10): every socket on the key, previews named
 * apart. A preview is the page's own word (a leaked copy can say it too), so it is counted, never
 * left out; the admin compares the previews with the Outputs pages they know are open.
 */
export function overlayConnectedText({ connected, previews }: OverlayConnections): string {
  if (connected === 0) return 'No overlay is connected now.';
  const total = connected === 1 ? '1 overlay is connected now' : `${connected} overlays are connected now`;
  if (previews === 0) return `${total}.`;
  return `${total}: ${previewsOf(connected, previews)} (each open Outputs page shows one).`;
}

function previewsOf(connected: number, previews: number): string {
  if (previews === connected) return connected === 1 ? 'a preview' : 'all previews';
  return `${previews} of them ${previews === 1 ? 'a preview' : 'previews'}`;
}
