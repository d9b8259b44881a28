import { useQueryClient } from '@tanstack/react-query';
import type { AppVersion, SaveAppVersionInput } from '@shared/contracts/app-versions';
import { apiJson } from '@/lib/api-client';
import { useActionMutation } from '@/lib/use-action-mutation';
import { invalidateAppVersions } from './get-app-version';

export function createAppVersion(body: SaveAppVersionInput): Promise<AppVersion> {
  return apiJson<AppVersion>('POST', '/api/app-version', body);
}

export function useCreateAppVersion() {
  const queryClient = useQueryClient();
  return useActionMutation({ mutationFn: createAppVersion, onSuccess: () => invalidateAppVersions(queryClient) });
}
