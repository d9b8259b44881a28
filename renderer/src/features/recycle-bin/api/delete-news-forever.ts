import { useQueryClient } from '@tanstack/react-query';
import { useActionMutation } from '@/lib/use-action-mutation';
import type { Ok } from '@shared/contracts/common';
import { apiJson } from '@/lib/api-client';
import { recycleBinQueryKey } from '@/lib/api/recycle-bin/get-recycle-bin';

export function deleteNewsForever(id: number): Promise<Ok> {
  return apiJson<Ok>('DELETE', `/api/news/${id}/permanent`);
}

export function useDeleteNewsForever() {
  const queryClient = useQueryClient();
  return useActionMutation({
    mutationFn: deleteNewsForever,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: recycleBinQueryKey }),
  });
}
