import { useQueryClient } from '@tanstack/react-query';
import { useActionMutation } from '@/lib/use-action-mutation';
import type { CgFile, CgWritableType } from '@shared/contracts/cg-files';
import { apiJson } from '@/lib/api-client';
import { mergeCgFiles } from './get-cg-files';

export interface UpdateCgDirectInput {
  type: CgWritableType;
  content: string;
  /** Written in the same server operation, so headline and subheadline change on air together. */
  subheadline?: string;
}

export interface UpdateCgDirectResponse {
  success: boolean;
  files: CgFile[];
}

export function updateCgDirect(body: UpdateCgDirectInput): Promise<UpdateCgDirectResponse> {
  return apiJson<UpdateCgDirectResponse>('POST', '/api/cg-files/update-direct', body);
}

export function useUpdateCgDirect() {
  const queryClient = useQueryClient();
  return useActionMutation({ mutationFn: updateCgDirect, onSuccess: (res) => mergeCgFiles(queryClient, res.files) });
}
