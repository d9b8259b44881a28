import { useQueryClient } from '@tanstack/react-query';
import type { OverlayOutput, SaveOverlayLayoutInput, VersionedOverlayLayout } from '@shared/contracts/overlay';
import { apiJson } from '@/lib/api-client';
import { useActionMutation } from '@/lib/use-action-mutation';
import { overlayOutputQueryKey } from './get-overlay-output';

/** PUT /api/outputs/overlay/layout: the whole layout from the version it started from; every overlay of the station restyles. */
export function saveOverlayLayout(input: SaveOverlayLayoutInput): Promise<VersionedOverlayLayout> {
  return apiJson<VersionedOverlayLayout>('PUT', '/api/outputs/overlay/layout', input);
}

/** Puts a layout (saved here, or another admin's from a conflict) into the /outputs answer. */
export function setOverlayLayoutData(
  queryClient: ReturnType<typeof useQueryClient>,
  saved: VersionedOverlayLayout,
): void {
  const { version, ...layout } = saved;
  queryClient.setQueryData<OverlayOutput>(overlayOutputQueryKey, (o) =>
    o ? { ...o, layout, layoutVersion: version } : o,
  );
}

export function useSaveOverlayLayout() {
  const queryClient = useQueryClient();
  return useActionMutation({
    mutationFn: saveOverlayLayout,
    onSuccess: (saved) => setOverlayLayoutData(queryClient, saved),
  });
}
