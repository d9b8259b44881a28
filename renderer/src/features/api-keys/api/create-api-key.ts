import { useQueryClient } from '@tanstack/react-query';
import type { ApiKeyPermission, CreatedApiKey } from '@shared/contracts/api-keys';
import { apiJson } from '@/lib/api-client';
import { useActionMutation } from '@/lib/use-action-mutation';
import { apiKeysQueryKey } from './get-api-keys';

export interface CreateApiKeyInput {
  name: string;
  permissions: ApiKeyPermission[];
}

/** The answer carries the full key: the only time it is ever available. */
export function createApiKey(body: CreateApiKeyInput): Promise<CreatedApiKey> {
  return apiJson<CreatedApiKey>('POST', '/api/company/api-keys', body);
}

export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useActionMutation({
    mutationFn: createApiKey,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeysQueryKey }),
  });
}
