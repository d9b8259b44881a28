import { useMutation, useQueryClient } from '@tanstack/react-query';
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
  return useMutation({ mutationFn: updateCgDirect, onSuccess: (res) => mergeCgFiles(queryClient, res.files) });
}
