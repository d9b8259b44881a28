import { useQueryClient } from '@tanstack/react-query';
import type { Settings, TelegramGroups } from '@shared/contracts/settings';
import { apiJson } from '@/lib/api-client';
import { useActionMutation } from '@/lib/use-action-mutation';
import { settingsQueryKey } from '@/lib/api/settings/get-settings';

/** PUT /api/company/telegram-settings: partial group settings; answers the whole object. */
export function updateTelegramSettings(body: Partial<TelegramGroups>): Promise<TelegramGroups> {
  return apiJson<TelegramGroups>('PUT', '/api/company/telegram-settings', body);
}

export function useUpdateTelegramSettings() {
  const queryClient = useQueryClient();
  return useActionMutation({
    mutationFn: updateTelegramSettings,
    // The answer goes straight into the page's settings, so the saved values never flicker back.
    onSuccess: (telegramGroups) =>
      queryClient.setQueryData<Settings>(settingsQueryKey, (s) => (s ? { ...s, telegramGroups } : s)),
  });
}
