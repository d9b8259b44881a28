import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Ok } from '@shared/contracts/common';
import { apiJson } from '@/lib/api-client';
import { usersQueryKey } from './get-users';

export function deleteUser(id: number): Promise<Ok> {
  return apiJson<Ok>('DELETE', `/api/users/${id}`);
}

export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersQueryKey }),
  });
}
