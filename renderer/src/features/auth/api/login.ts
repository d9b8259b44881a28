import { useActionMutation } from '@/lib/use-action-mutation';
import type { LoginRequest, LoginResponse } from '@shared/contracts/auth';
import { apiJson } from '@/lib/api-client';

export function login(body: LoginRequest): Promise<LoginResponse> {
  return apiJson<LoginResponse>('POST', '/api/auth/login', body);
}

export function useLogin() {
  return useActionMutation({ mutationFn: login });
}
