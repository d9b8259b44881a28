import { useQueryClient } from '@tanstack/react-query';
import type { Settings, UpdateSettingsInput, UpdateSettingsResponse } from '@shared/contracts/settings';
import { apiJson } from '@/lib/api-client';
import { useActionMutation } from '@/lib/use-action-mutation';
import { setBrandingData } from './get-branding';
import { settingsQueryKey } from './get-settings';

/** PUT /api/settings is partial: callers send only the fields that changed. */
export function updateSettings(body: UpdateSettingsInput): Promise<UpdateSettingsResponse> {
  return apiJson<UpdateSettingsResponse>('PUT', '/api/settings', body);
}

export function useUpdateSettings() {
  const queryClient = useQueryClient();
  return useActionMutation({
    mutationFn: updateSettings,
    onSuccess: (response) => {
      const { cgFolderMoved: _moved, ...settings } = response;
      queryClient.setQueryData<Settings>(settingsQueryKey, settings);
      // Our own screen restyles with the answer; other screens follow branding_updated.
      setBrandingData(settings.branding);
    },
  });
}
