import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Bulletin } from '@shared/contracts/bulletins';
import type { Ok } from '@shared/contracts/common';
import { apiJson } from '@/lib/api-client';
import { useActionMutation } from '@/lib/use-action-mutation';
import { bulletinsQueryKey } from '@/lib/api/bulletins/get-bulletins';
import type { BulletinBody } from '../bulletin-form-values';

const refresh = (queryClient: QueryClient) => queryClient.invalidateQueries({ queryKey: bulletinsQueryKey });

/** Created as a draft; the server takes company and author from the session. */
export function useCreateBulletin() {
  const queryClient = useQueryClient();
  return useActionMutation({
    mutationFn: (body: BulletinBody) => apiJson<Bulletin>('POST', '/api/bulletins', body),
    onSuccess: () => refresh(queryClient),
  });
}

/** The whole form again: the item list is replaced; the status is kept. */
export function useUpdateBulletin() {
  const queryClient = useQueryClient();
  return useActionMutation({
    mutationFn: ({ id, body }: { id: number; body: BulletinBody & { version?: number } }) =>
      apiJson<Bulletin>('PUT', `/api/bulletins/${id}`, body),
    onSuccess: () => refresh(queryClient),
  });
}

export function useDeleteBulletin() {
  const queryClient = useQueryClient();
  return useActionMutation({
    mutationFn: (id: number) => apiJson<Ok>('DELETE', `/api/bulletins/${id}`),
    onSuccess: () => refresh(queryClient),
  });
}
