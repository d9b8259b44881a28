import { queryOptions, useQuery } from '@tanstack/react-query';
import type { EmergencyState } from '@shared/contracts/cg-files';

export const emergencyStateQueryKey = ['/api/cg-files/emergency'] as const;

/**
 * The emergency and the lower third that was on air before it (issue 38): read fresh each time
 * the End question opens — it is what that question offers to put back.
 */
export function useEmergencyBefore() {
  return useQuery(
    queryOptions<EmergencyState>({
      queryKey: emergencyStateQueryKey,
      staleTime: 0,
      refetchOnMount: 'always',
      gcTime: 0,
    }),
  );
}
