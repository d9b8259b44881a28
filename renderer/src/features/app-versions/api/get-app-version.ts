import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { AppVersion } from '@shared/contracts/app-versions';

/** The caller's company's version (or the public one that targets it): GET /api/app-version. */
export const appVersionQueryKey = ['/api/app-version'] as const;
/** Every company's version, for devs: GET /api/app-versions/all. */
export const allAppVersionsQueryKey = ['/api/app-versions/all'] as const;

export function appVersionQueryOptions() {
  return queryOptions<AppVersion | null>({ queryKey: appVersionQueryKey });
}

export function useAppVersion() {
  return useQuery(appVersionQueryOptions());
}

/** Mutations and the live app_version_updated event refresh both views. */
export function invalidateAppVersions(queryClient: QueryClient): Promise<void> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: appVersionQueryKey }),
    queryClient.invalidateQueries({ queryKey: allAppVersionsQueryKey }),
  ]).then(() => undefined);
}
