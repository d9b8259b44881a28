import { useQueryClient } from '@tanstack/react-query';
import type { TakeNextResponse } from '@shared/contracts/cg-next';
import { apiJson } from '@/lib/api-client';
import { useActionMutation } from '@/lib/use-action-mutation';
import { mergeCgFiles } from './get-cg-files';
import { setNextIfNewer } from './get-cg-next';
import { noteOwnNext } from '@/lib/cg/next/own-next';

/** POST /api/cg-files/take with the Next version on screen: a second Take of it is a 409, never a second airing. */
export function takeNext(version: number): Promise<TakeNextResponse> {
  // ?outputs=wait: the answer names each output's result (issue 38), within the send limit.
  return apiJson<TakeNextResponse>('POST', '/api/cg-files/take?outputs=wait', { version });
}

export function useTakeNext() {
  const queryClient = useQueryClient();
  return useActionMutation({
    mutationFn: takeNext,
    onSuccess: (res) => {
      mergeCgFiles(queryClient, res.files);
      noteOwnNext(res.next.version);
      setNextIfNewer(queryClient, res.next);
    },
  });
}
