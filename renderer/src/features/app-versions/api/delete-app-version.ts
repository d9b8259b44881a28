import { useQueryClient } from '@tanstack/react-query';
import type { Ok } from '@shared/contracts/common';
import { apiJson } from '@/lib/api-client';
import { useActionMutation } from '@/lib/use-action-mutation';
import { invalidateAppVersions } from './get-app-version';

export function deleteAppVersion(companyId: number): Promise<Ok> {
  return apiJson<Ok>('DELETE', `/api/app-version/${companyId}`);
}

export function useDeleteAppVersion() {
  const queryClient = useQueryClient();
  return useActionMutation({ mutationFn: deleteAppVersion, onSuccess: () => invalidateAppVersions(queryClient) });
}
