import { useQueryClient } from '@tanstack/react-query';
import { useActionMutation } from '@/lib/use-action-mutation';
import type { CgFile, CgWritableType } from '@shared/contracts/cg-files';
import { apiJson } from '@/lib/api-client';
import { mergeCgFiles } from './get-cg-files';

export interface CreateCgFileInput {
  type: CgWritableType;
  content: string;
  fileName?: string;
  outputPath?: string;
}

/** 201 for a new type, 200 when the type already had a file (one file per type: replaced). */
export function createCgFile(body: CreateCgFileInput): Promise<CgFile> {
  return apiJson<CgFile>('POST', '/api/cg-files', body);
}

export function useCreateCgFile() {
  const queryClient = useQueryClient();
  return useActionMutation({ mutationFn: createCgFile, onSuccess: (file) => mergeCgFiles(queryClient, [file]) });
}
