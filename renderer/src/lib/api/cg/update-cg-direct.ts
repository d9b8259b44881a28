import { useQueryClient } from '@tanstack/react-query';
import { useActionMutation } from '@/lib/use-action-mutation';
import type { CgFile, CgWritableType } from '@shared/contracts/cg-files';
import type { CgNext } from '@shared/contracts/cg-next';
import type { AirAnswer } from '@shared/contracts/air';
import { apiJson } from '@/lib/api-client';
import { setNextIfNewer } from './get-cg-next';
import { mergeCgFiles } from './get-cg-files';
import { noteOwnNext } from '@/lib/cg/next/own-next';

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
  /** What each output did with it, when it aired (issue 38). */
  air?: AirAnswer;
}

export function updateCgDirect(body: UpdateCgDirectInput): Promise<UpdateCgDirectResponse> {
  // ?outputs=wait: when it airs, the answer names each output's result (issue 38).
  return apiJson<UpdateCgDirectResponse>('POST', '/api/cg-files/update-direct?outputs=wait', body);
}

export function useUpdateCgDirect() {
  const queryClient = useQueryClient();
  return useActionMutation({
    mutationFn: updateCgDirect,
    onSuccess: (res) => {
      mergeCgFiles(queryClient, res.files);
      if (res.next) {
        noteOwnNext(res.next.version);
        setNextIfNewer(queryClient, res.next);
      }
    },
  });
}
