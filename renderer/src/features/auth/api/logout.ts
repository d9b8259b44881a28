import { useMutation } from '@tanstack/react-query';
import type { Ok } from '@shared/contracts/common';
import { apiJson } from '@/lib/api-client';

export function logout(): Promise<Ok> {
  return apiJson<Ok>('POST', '/api/auth/logout');
}

export function useLogout() {
  return useMutation({ mutationFn: logout });
}
