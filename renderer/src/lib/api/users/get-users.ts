import { queryOptions, useQuery } from '@tanstack/react-query';
import type { User } from '@shared/contracts/users';

/** Mutations and the live user_updated event invalidate this key. */
export const usersQueryKey = ['/api/users'] as const;

/** The default query fn GETs the key's path: /api/users. */
export function usersQueryOptions() {
  return queryOptions<User[]>({ queryKey: usersQueryKey });
}

export function useUsers() {
  return useQuery(usersQueryOptions());
}
