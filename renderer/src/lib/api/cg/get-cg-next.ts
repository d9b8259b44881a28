import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { CgNext } from '@shared/contracts/cg-next';
import { CG_SYNC_MS } from './get-cg-files';

/** The company's Next slot (issue 25): set by cg_next_updated at once, so every desk sees the same NEXT. */
export const cgNextQueryKey = ['/api/cg-files/next'] as const;

export function cgNextQueryOptions() {
  // The 5 s poll is the safety net under the live channel, as for the on-air texts.
  return queryOptions<CgNext>({ queryKey: cgNextQueryKey, refetchInterval: CG_SYNC_MS });
}

export function useCgNext() {
  return useQuery(cgNextQueryOptions());
}

/**
 * Puts a NEXT from an answer in the cache unless the live channel already brought a newer one:
 * an answer that arrives late must not turn the screen back to a NEXT another desk has replaced.
 */
export function setNextIfNewer(queryClient: QueryClient, next: CgNext): void {
  queryClient.setQueryData<CgNext>(cgNextQueryKey, (old) => (old && old.version > next.version ? old : next));
}
