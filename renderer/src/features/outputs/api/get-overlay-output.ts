import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OverlayOutput } from '@shared/contracts/overlay';

/** GET /api/outputs/overlay (owner/admin; others 403): the overlay URL path, key and layout. */
export const overlayOutputQueryKey = ['/api/outputs/overlay'] as const;

export function useOverlayOutput(enabled: boolean) {
  return useQuery({ ...queryOptions<OverlayOutput>({ queryKey: overlayOutputQueryKey }), enabled });
}
