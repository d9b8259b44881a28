import { useQueryClient } from '@tanstack/react-query';
import { useActionMutation } from '@/lib/use-action-mutation';
import type { Ok } from '@shared/contracts/common';
import { apiJson } from '@/lib/api-client';
import { usersQueryKey } from '@/lib/api/users/get-users';

export function deleteUser(id: number): Promise<Ok> {
  return apiJson<Ok>('DELETE', `/api/users/${id}`);
}

export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useActionMutation({
    mutationFn: deleteUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersQueryKey }),
  });
}
