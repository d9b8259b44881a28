import { useQueryClient } from '@tanstack/react-query';
import type { Ok } from '@shared/contracts/common';
import { apiJson } from '@/lib/api-client';
import { useActionMutation } from '@/lib/use-action-mutation';
import { apiKeysQueryKey } from './get-api-keys';

export function deleteApiKey(id: number): Promise<Ok> {
  return apiJson<Ok>('DELETE', `/api/company/api-keys/${id}`);
}

export function useDeleteApiKey() {
  const queryClient = useQueryClient();
  return useActionMutation({
    mutationFn: deleteApiKey,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeysQueryKey }),
  });
}
