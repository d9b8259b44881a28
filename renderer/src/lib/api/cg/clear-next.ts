import { useQueryClient } from '@tanstack/react-query';
import type { CgNext } from '@shared/contracts/cg-next';
import { apiJson } from '@/lib/api-client';
import { useActionMutation } from '@/lib/use-action-mutation';
import { setNextIfNewer } from './get-cg-next';
import { noteOwnNext } from '@/lib/cg/next/own-next';

/** DELETE /api/cg-files/next?version=: clears only the Next on screen (a newer one is a 409). */
export function clearNext(version: number): Promise<CgNext> {
  return apiJson<CgNext>('DELETE', `/api/cg-files/next?version=${version}`);
}

export function useClearNext() {
  const queryClient = useQueryClient();
  return useActionMutation({
    mutationFn: clearNext,
    onSuccess: (next) => (noteOwnNext(next.version), setNextIfNewer(queryClient, next)),
  });
}
