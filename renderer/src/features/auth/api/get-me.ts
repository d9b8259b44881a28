import { queryOptions, useQuery } from '@tanstack/react-query';
import type { User } from '@shared/contracts/users';
import { apiJson } from '@/lib/api-client';

export const meQueryKey = ['/api/auth/me'] as const;

export function getMe(): Promise<User> {
  return apiJson<User>('GET', '/api/auth/me');
}

export function meQueryOptions() {
  return queryOptions({ queryKey: meQueryKey, queryFn: getMe });
}

/** Only asked when the stored user is missing or unparsable (docs/product.md §API). */
export function useMe(enabled: boolean) {
  return useQuery({ ...meQueryOptions(), enabled });
}
