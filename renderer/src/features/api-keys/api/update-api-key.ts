import { useQueryClient } from '@tanstack/react-query';
import type { ApiKey } from '@shared/contracts/api-keys';
import { apiJson } from '@/lib/api-client';
import { useActionMutation } from '@/lib/use-action-mutation';
import { apiKeysQueryKey } from './get-api-keys';

export interface UpdateApiKeyVariables {
  id: number;
  isActive: boolean;
}

/** An inactive key is refused (401) by the sync endpoint at once. */
export function updateApiKey({ id, isActive }: UpdateApiKeyVariables): Promise<ApiKey> {
  return apiJson<ApiKey>('PATCH', `/api/company/api-keys/${id}`, { isActive });
}

export function useUpdateApiKey() {
  const queryClient = useQueryClient();
  return useActionMutation({
    mutationFn: updateApiKey,
    onSettled: () => queryClient.invalidateQueries({ queryKey: apiKeysQueryKey }),
  });
}
