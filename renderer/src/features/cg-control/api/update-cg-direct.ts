import { useQueryClient } from '@tanstack/react-query';
import { useActionMutation } from '@/lib/use-action-mutation';
import type { CgFile, CgWritableType } from '@shared/contracts/cg-files';
import type { CgNext } from '@shared/contracts/cg-next';
import { apiJson } from '@/lib/api-client';
import { cgNextQueryKey } from './get-cg-next';
import { mergeCgFiles } from './get-cg-files';

export interface UpdateCgDirectInput {
  type: CgWritableType;
  content: string;
  /** Written in the same server operation, so headline and subheadline change on air together. */
  subheadline?: string;
  /** The prompter's cue: airs at once even in take mode (issue 25). */
  sentFrom?: 'prompter';
}

export interface UpdateCgDirectResponse {
  success: boolean;
  files: CgFile[];
  /** Take mode staged it in NEXT instead of airing it (issue 25). */
  staged?: boolean;
  next?: CgNext;
}

export function updateCgDirect(body: UpdateCgDirectInput): Promise<UpdateCgDirectResponse> {
  return apiJson<UpdateCgDirectResponse>('POST', '/api/cg-files/update-direct', body);
}

export function useUpdateCgDirect() {
  const queryClient = useQueryClient();
  return useActionMutation({
    mutationFn: updateCgDirect,
    onSuccess: (res) => {
      mergeCgFiles(queryClient, res.files);
      if (res.next) queryClient.setQueryData(cgNextQueryKey, res.next);
    },
  });
}
