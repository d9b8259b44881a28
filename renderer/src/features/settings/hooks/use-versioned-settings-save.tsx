import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { Settings, UpdateSettingsInput, UpdateSettingsResponse } from '@shared/contracts/settings';
import type { VersionConflict } from '@shared/contracts/common';
import { ConflictNotice } from '@/lib/conflict-notice';
import { versionConflictOf } from '@/lib/version-conflict';
import { settingsQueryKey } from '@/lib/api/settings/get-settings';
import { setBrandingData } from '../api/get-branding';
import { useUpdateSettings } from '../api/update-settings';

interface Handlers {
  onSuccess?: (response: UpdateSettingsResponse) => void;
  onError?: (error: Error) => void;
}

/**
 * useUpdateSettings for a settings card, sending the version the card shows (issue 26). A save
 * from a stale version keeps the card's text and shows a notice: "Load theirs" puts the current
 * settings on screen (and calls `onLoadTheirs` to drop the card's draft); "Overwrite with mine"
 * sends the same change again from the current version.
 */
export function useVersionedSettingsSave(version: number, onLoadTheirs: () => void) {
  const queryClient = useQueryClient();
  const save = useUpdateSettings();
  const [stale, setStale] = useState<{
    conflict: VersionConflict<Settings>;
    body: UpdateSettingsInput;
    handlers: Handlers;
  } | null>(null);

  const mutate = (body: UpdateSettingsInput, handlers: Handlers = {}, from = version) =>
    save.mutate(
      { ...body, version: from },
      {
        onSuccess: handlers.onSuccess,
        onError: (error) => {
          const conflict = versionConflictOf<Settings>(error);
          if (conflict) setStale({ conflict, body, handlers });
          else handlers.onError?.(error);
        },
      },
    );

  const loadTheirs = () => {
    if (!stale) return;
    queryClient.setQueryData<Settings>(settingsQueryKey, stale.conflict.current);
    setBrandingData(stale.conflict.current.branding);
    setStale(null);
    onLoadTheirs();
  };
  const overwrite = () => {
    if (!stale) return;
    setStale(null);
    mutate(stale.body, stale.handlers, stale.conflict.current.version);
  };
  const notice = stale && (
    <ConflictNotice
      conflict={stale.conflict}
      record="settings"
      pending={save.isPending}
      onLoadTheirs={loadTheirs}
      onOverwrite={overwrite}
    />
  );
  return { mutate, isPending: save.isPending, notice };
}
