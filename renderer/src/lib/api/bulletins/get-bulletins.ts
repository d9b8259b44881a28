import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Bulletin } from '@shared/contracts/bulletins';

export const bulletinsQueryKey = ['/api/bulletins'] as const;

/** Newest first; the default query fn GETs /api/bulletins. */
export function bulletinsQueryOptions() {
  return queryOptions<Bulletin[]>({ queryKey: bulletinsQueryKey });
}

export function useBulletins() {
  return useQuery(bulletinsQueryOptions());
}
