import { useQueryClient } from '@tanstack/react-query';
import type { HaStatus, TakeoverInput, TakeoverProgress } from '@shared/contracts/ha';
import { apiJson } from '@/lib/api-client';
import { haStatusQueryKey } from '@/lib/live';
import { useActionMutation } from '@/lib/use-action-mutation';

/**
 * POST /api/ha/takeover, "Main lost — take over?" confirmed (cg.write). 202: the backup is the
 * main and the server restarts on it; the answer is kept in the status so the dialog says so even
 * if the live message is lost with the closing socket. 409: refused, the message says why.
 */
export function useTakeOver() {
  const client = useQueryClient();
  return useActionMutation({
    mutationFn: () => apiJson<TakeoverProgress>('POST', '/api/ha/takeover', { confirm: true } satisfies TakeoverInput),
    onSuccess: (takeover) =>
      client.setQueryData<HaStatus>(haStatusQueryKey, (status) => (status ? { ...status, takeover } : status)),
  });
}
