import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AppVersion } from '@shared/contracts/app-versions';
import { allAppVersionsQueryKey } from './get-app-version';

/** Only devs may read it (the server answers 403 to others), so others never ask. */
export function allAppVersionsQueryOptions(enabled: boolean) {
  return queryOptions<AppVersion[]>({ queryKey: allAppVersionsQueryKey, enabled });
}

export function useAllAppVersions(enabled: boolean) {
  return useQuery(allAppVersionsQueryOptions(enabled));
}
