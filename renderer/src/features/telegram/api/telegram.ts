import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TelegramResult, TelegramStatus, TestMessageInput } from '@shared/contracts/telegram';
import { apiJson } from '@/lib/api-client';
import { useActionMutation } from '@/lib/use-action-mutation';

export const telegramStatusKey = ['/api/telegram/test'] as const;

/** GET /api/telegram/test: connected + bot name; rechecked every 30 s and on settings changes. */
export function useTelegramStatus() {
  return useQuery(queryOptions<TelegramStatus>({ queryKey: telegramStatusKey, refetchInterval: 30_000 }));
}

/** POST /api/telegram/test-message (owner/admin). */
export function useSendTestMessage() {
  return useActionMutation({
    mutationFn: (body: TestMessageInput) => apiJson<TelegramResult>('POST', '/api/telegram/test-message', body),
  });
}
