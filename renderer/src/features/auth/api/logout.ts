import { useActionMutation } from '@/lib/use-action-mutation';
import type { Ok } from '@shared/contracts/common';
import { apiJson } from '@/lib/api-client';

export function logout(): Promise<Ok> {
  return apiJson<Ok>('POST', '/api/auth/logout');
}

export function useLogout() {
  return useActionMutation({ mutationFn: logout });
}
