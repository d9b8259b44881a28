import { queryOptions, useQuery } from '@tanstack/react-query';
import type { StationTimeZone } from '@shared/contracts/settings';

/** Every signed-in user reads the station's zone (their quiet-hours default); settings_updated refetches it. */
export const stationTimeZoneQueryKey = ['/api/settings/time-zone'] as const;

export function useStationTimeZone() {
  return useQuery(queryOptions<StationTimeZone>({ queryKey: stationTimeZoneQueryKey }));
}
