import { useQueryClient } from '@tanstack/react-query';
import { useActionMutation } from '@/lib/use-action-mutation';
import type { CreateUserInput, User } from '@shared/contracts/users';
import { apiJson } from '@/lib/api-client';
import { usersQueryKey } from '@/lib/api/users/get-users';

export function createUser(body: CreateUserInput): Promise<User> {
  return apiJson<User>('POST', '/api/users', body);
}

export function useCreateUser() {
  const queryClient = useQueryClient();
  return useActionMutation({
    mutationFn: createUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersQueryKey }),
  });
}
