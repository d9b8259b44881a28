import { useQueryClient } from '@tanstack/react-query';
import { useActionMutation } from '@/lib/use-action-mutation';
import type { CgFile, CreateCgFromNewsInput } from '@shared/contracts/cg-files';
import { apiJson } from '@/lib/api-client';
import { cgFilesQueryKey } from '@/lib/api/cg/get-cg-files';

export interface CreateCgFromNewsResponse {
  success: boolean;
  /** Absent when take mode staged it (`staged: true`, issue 25). */
  file?: CgFile;
  staged?: boolean;
}

export interface CreateCgFromNewsVariables {
  id: number;
  body: CreateCgFromNewsInput;
}

/** 400 with the reason (e.g. no subtitle), 503 when the output file cannot be written. */
export function createCgFromNews({ id, body }: CreateCgFromNewsVariables): Promise<CreateCgFromNewsResponse> {
  return apiJson<CreateCgFromNewsResponse>('POST', `/api/news/${id}/create-cg`, body);
}

export function useCreateCgFromNews() {
  const queryClient = useQueryClient();
  return useActionMutation({
    mutationFn: createCgFromNews,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: cgFilesQueryKey }),
  });
}
