import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiKey } from '@shared/contracts/api-keys';

/** Owners and admins only; every key change invalidates this key. */
export const apiKeysQueryKey = ['/api/company/api-keys'] as const;

export function apiKeysQueryOptions() {
  return queryOptions<ApiKey[]>({ queryKey: apiKeysQueryKey });
}

export function useApiKeys(enabled: boolean) {
  return useQuery({ ...apiKeysQueryOptions(), enabled });
}
