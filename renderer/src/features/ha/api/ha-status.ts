import { queryOptions, useQuery } from '@tanstack/react-query';
import type { HaStatus } from '@shared/contracts/ha';
import { haStatusQueryKey } from '@/lib/live';

/**
 * GET /api/ha/status (any signed-in user): the main and backup pair. Read once; the live
 * `ha_status` message replaces it whenever it changes (lib/live.ts), and a reconnect reads it again.
 */
export function useHaStatus(enabled: boolean) {
  return useQuery({ ...queryOptions<HaStatus>({ queryKey: haStatusQueryKey }), enabled });
}
