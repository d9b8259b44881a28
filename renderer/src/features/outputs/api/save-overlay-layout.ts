import { useQueryClient } from '@tanstack/react-query';
import type { OverlayLayout, OverlayOutput } from '@shared/contracts/overlay';
import { apiJson } from '@/lib/api-client';
import { useActionMutation } from '@/lib/use-action-mutation';
import { overlayOutputQueryKey } from './get-overlay-output';

/** PUT /api/outputs/overlay/layout: the whole layout; every overlay of the station restyles. */
export function saveOverlayLayout(layout: OverlayLayout): Promise<OverlayLayout> {
  return apiJson<OverlayLayout>('PUT', '/api/outputs/overlay/layout', layout);
}

export function useSaveOverlayLayout() {
  const queryClient = useQueryClient();
  return useActionMutation({
    mutationFn: saveOverlayLayout,
    onSuccess: (layout) => queryClient.setQueryData<OverlayOutput>(overlayOutputQueryKey, (o) => (o ? { ...o, layout } : o)),
  });
}
