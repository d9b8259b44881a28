import { useQueryClient } from '@tanstack/react-query';
import { useActionMutation } from '@/lib/use-action-mutation';
import type { Ok } from '@shared/contracts/common';
import { apiJson } from '@/lib/api-client';
import { cgFilesQueryKey } from './get-cg-files';

export interface DeleteCgFileVariables {
  id: number;
  /** Clear: the row stays and the output file becomes empty (the graphic goes blank). */
  clearOnly?: boolean;
}

export function deleteCgFile({ id, clearOnly = false }: DeleteCgFileVariables): Promise<Ok> {
  return apiJson<Ok>('DELETE', `/api/cg-files/${id}${clearOnly ? '?clearOnly=true' : ''}`);
}

export function useDeleteCgFile() {
  const queryClient = useQueryClient();
  return useActionMutation({ mutationFn: deleteCgFile, onSuccess: () => queryClient.invalidateQueries({ queryKey: cgFilesQueryKey }) });
}
