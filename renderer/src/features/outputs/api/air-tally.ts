import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AirTally } from '@shared/contracts/air';

/** GET /api/outputs/tally (everyone signed in): what each output last confirmed on program (issue 38). */
export const airTallyQueryKey = ['/api/outputs/tally'] as const;

/**
 * Refreshed after every CG change and status move (outputs-live.ts); the 5 s poll catches a
 * device that confirms later than the refresh (a slow one answers within its 2 s send limit).
 */
export function useAirTally() {
  return useQuery(queryOptions<AirTally>({ queryKey: airTallyQueryKey, refetchInterval: 5_000 }));
}
