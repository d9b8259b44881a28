import { useQueryClient } from '@tanstack/react-query';
import { useActionMutation } from '@/lib/use-action-mutation';
import type { CgFile } from '@shared/contracts/cg-files';
import { apiJson } from '@/lib/api-client';
import { mergeCgFiles } from './get-cg-files';

export interface UpdateCgFileVariables {
  id: number;
  changes: { content: string; fileName?: string; outputPath?: string };
}

export function updateCgFile({ id, changes }: UpdateCgFileVariables): Promise<CgFile> {
  return apiJson<CgFile>('PUT', `/api/cg-files/${id}`, changes);
}

export function useUpdateCgFile() {
  const queryClient = useQueryClient();
  return useActionMutation({ mutationFn: updateCgFile, onSuccess: (file) => mergeCgFiles(queryClient, [file]) });
}
