import { useQueryClient } from '@tanstack/react-query';
import { useActionMutation } from '@/lib/use-action-mutation';
import type { z } from 'zod';
import type { cleanupResponseSchema } from '@shared/contracts/news';
import { apiJson } from '@/lib/api-client';
import { recycleBinQueryKey } from '@/lib/api/recycle-bin/get-recycle-bin';

export type CleanupResult = z.infer<typeof cleanupResponseSchema>;

/** Manual Cleanup: purges only the items whose 2 hours are up. */
export function cleanupRecycleBin(): Promise<CleanupResult> {
  return apiJson<CleanupResult>('POST', '/api/news/cleanup');
}

export function useCleanupRecycleBin() {
  const queryClient = useQueryClient();
  return useActionMutation({
    mutationFn: cleanupRecycleBin,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: recycleBinQueryKey }),
  });
}
