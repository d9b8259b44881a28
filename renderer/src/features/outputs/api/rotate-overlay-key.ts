import { useQueryClient } from '@tanstack/react-query';
import type { OverlayOutput } from '@shared/contracts/overlay';
import { apiJson } from '@/lib/api-client';
import { useActionMutation } from '@/lib/use-action-mutation';
import { overlayOutputQueryKey } from './get-overlay-output';

/** POST /api/outputs/overlay/rotate: a new key; overlays on the old URL go blank at once. */
export function rotateOverlayKey(): Promise<OverlayOutput> {
  return apiJson<OverlayOutput>('POST', '/api/outputs/overlay/rotate');
}

export function useRotateOverlayKey() {
  const queryClient = useQueryClient();
  return useActionMutation({
    mutationFn: rotateOverlayKey,
    onSuccess: (output) => queryClient.setQueryData(overlayOutputQueryKey, output),
  });
}
