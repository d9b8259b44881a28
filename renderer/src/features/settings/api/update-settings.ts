import { useQueryClient } from '@tanstack/react-query';
import {
  foreignFolderErrorSchema,
  type ForeignFolderError,
  type Settings,
  type UpdateSettingsInput,
  type UpdateSettingsResponse,
} from '@shared/contracts/settings';
import { apiJson, HttpError } from '@/lib/api-client';
import { useActionMutation } from '@/lib/use-action-mutation';
import { setBrandingData } from './get-branding';
import { settingsQueryKey } from '@/lib/api/settings/get-settings';

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

/**
 * The server's 409 for a CG folder that holds files we did not write (the message, the names, the
 * count), or null for any other error. Saving again with `confirmNonEmptyFolder: true` uses it.
 */
export function foreignFolderOf(error: unknown): ForeignFolderError | null {
  if (!(error instanceof HttpError) || error.status !== 409) return null;
  try {
    const parsed = foreignFolderErrorSchema.safeParse(JSON.parse(error.bodyText));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
