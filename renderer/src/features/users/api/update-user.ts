import { useQueryClient } from '@tanstack/react-query';
import { useActionMutation } from '@/lib/use-action-mutation';
import type { UpdateUserInput, User } from '@shared/contracts/users';
import { apiJson } from '@/lib/api-client';
import { usersQueryKey } from '@/lib/api/users/get-users';

export interface UpdateUserVariables {
  id: number;
  changes: UpdateUserInput;
}

export function updateUser({ id, changes }: UpdateUserVariables): Promise<User> {
  return apiJson<User>('PUT', `/api/users/${id}`, changes);
}

export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useActionMutation({
    mutationFn: updateUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersQueryKey }),
  });
}
