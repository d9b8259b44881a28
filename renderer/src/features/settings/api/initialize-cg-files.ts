import { apiJson } from '@/lib/api-client';
import { useActionMutation } from '@/lib/use-action-mutation';

export interface InitializeCgFilesResponse {
  path: string;
  created: number;
}

/** Creates any missing <type>.txt in the company's CG folder (existing texts are kept). */
export function initializeCgFiles(): Promise<InitializeCgFilesResponse> {
  return apiJson<InitializeCgFilesResponse>('POST', '/api/cg-files/initialize');
}

export function useInitializeCgFiles() {
  return useActionMutation({ mutationFn: initializeCgFiles });
}
