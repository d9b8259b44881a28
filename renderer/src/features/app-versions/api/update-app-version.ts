import { useQueryClient } from '@tanstack/react-query';
import type { AppVersion, SaveAppVersionInput } from '@shared/contracts/app-versions';
import { apiJson } from '@/lib/api-client';
import { useActionMutation } from '@/lib/use-action-mutation';
import { invalidateAppVersions } from './get-app-version';

/** PUT /api/app-version: the body's companyId names the version (the server checks the right to it). */
export function updateAppVersion(body: SaveAppVersionInput): Promise<AppVersion> {
  return apiJson<AppVersion>('PUT', '/api/app-version', body);
}

export function useUpdateAppVersion() {
  const queryClient = useQueryClient();
  return useActionMutation({ mutationFn: updateAppVersion, onSuccess: () => invalidateAppVersions(queryClient) });
}
