import { useQueryClient } from '@tanstack/react-query';
import { useActionMutation } from '@/lib/use-action-mutation';
import type { CgNext } from '@shared/contracts/cg-next';
import { apiJson } from '@/lib/api-client';
import { cgFilesQueryKey } from '@/lib/api/cg/get-cg-files';
import { setNextIfNewer } from '@/lib/api/cg/get-cg-next';
import { noteOwnNext } from '@/lib/cg/next/own-next';

export interface DeleteCgFileVariables {
  id: number;
  /** Clear: the row stays and the output file becomes empty (the graphic goes blank). */
  clearOnly?: boolean;
  /** Take mode, text on air: the clear waits in NEXT (issue 38). */
  stage?: boolean;
  /** Take mode, text on air: the operator was told Delete does not wait in NEXT. */
  bypassNext?: boolean;
}

export interface DeleteCgFileAnswer {
  success: true;
  staged?: true;
  next?: CgNext;
}

export function deleteCgFile({
  id,
  clearOnly = false,
  stage = false,
  bypassNext = false,
}: DeleteCgFileVariables): Promise<DeleteCgFileAnswer> {
  const query = new URLSearchParams();
  if (clearOnly) query.set('clearOnly', 'true');
  if (stage) query.set('stage', 'true');
  if (bypassNext) query.set('bypassNext', 'true');
  const search = query.size ? `?${query.toString()}` : '';
  return apiJson<DeleteCgFileAnswer>('DELETE', `/api/cg-files/${id}${search}`);
}

export function useDeleteCgFile() {
  const queryClient = useQueryClient();
  return useActionMutation({
    mutationFn: deleteCgFile,
    onSuccess: (answer) => {
      if (answer.next) {
        noteOwnNext(answer.next.version);
        setNextIfNewer(queryClient, answer.next);
      }
      return queryClient.invalidateQueries({ queryKey: cgFilesQueryKey });
    },
  });
}
