import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CgNext } from '@shared/contracts/cg-next';

/** The company's Next slot (issue 25): set by cg_next_updated at once, so every desk sees the same NEXT. */
export const cgNextQueryKey = ['/api/cg-files/next'] as const;

export function cgNextQueryOptions() {
  return queryOptions<CgNext>({ queryKey: cgNextQueryKey });
}

export function useCgNext() {
  return useQuery(cgNextQueryOptions());
}
