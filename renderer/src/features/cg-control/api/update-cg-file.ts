import { useActionMutation } from '@/lib/use-action-mutation';
import { apiJson } from '@/lib/api-client';
import { useApplyCgFileAnswer, type CgFileAnswer } from './create-cg-file';

export interface UpdateCgFileVariables {
  id: number;
  changes: { content: string; subheadline?: string; stage?: boolean };
}

export function updateCgFile({ id, changes }: UpdateCgFileVariables): Promise<CgFileAnswer> {
  return apiJson<CgFileAnswer>('PUT', `/api/cg-files/${id}`, changes);
}

export function useUpdateCgFile() {
  const apply = useApplyCgFileAnswer();
  return useActionMutation({ mutationFn: updateCgFile, onSuccess: apply });
}
