import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CreateSheetResult,
  GoogleSheetsSettings,
  GoogleSheetsSettingsInput,
  GoogleSheetsStatus,
  SheetSyncResult,
} from '@shared/contracts/google-sheets';
import { apiJson } from '@/lib/api-client';
import { useActionMutation } from '@/lib/use-action-mutation';

const statusKey = ['/api/google-sheets/test'] as const;
const urlKey = ['/api/google-sheets/url'] as const;
const settingsKey = ['/api/google-sheets/settings'] as const;

/**
 * GET /api/google-sheets/test asks Google each time and every open page shares the service
 * account's read quota with the syncs: rechecked every 5 minutes, on focus, after every action
 * and on Test Connection — not on a short timer.
 */
export function useSheetsStatus() {
  return useQuery(queryOptions<GoogleSheetsStatus>({ queryKey: statusKey, refetchInterval: 5 * 60_000 }));
}

export function useSheetUrl() {
  return useQuery(queryOptions<{ url: string | null }>({ queryKey: urlKey }));
}

/** Owner/admin only (the page asks only for them). */
export function useSheetsSettings(enabled: boolean) {
  return useQuery(queryOptions<GoogleSheetsSettings>({ queryKey: settingsKey, enabled }));
}

/** Everything the page shows may change after any action. */
function useRefreshAll() {
  const client = useQueryClient();
  return () => Promise.all([statusKey, urlKey, settingsKey].map((queryKey) => client.invalidateQueries({ queryKey })));
}

export function useSaveSheetsSettings() {
  const refresh = useRefreshAll();
  return useActionMutation({
    mutationFn: (body: GoogleSheetsSettingsInput) =>
      apiJson<GoogleSheetsSettings>('PUT', '/api/google-sheets/settings', body),
    onSettled: refresh,
  });
}

export type SyncAction = 'sync-now' | 'sync-to-sheet' | 'sync-from-sheet';

/** One hook for the three sync buttons: one runs at a time, like the server's queue. */
export function useSheetSync() {
  const refresh = useRefreshAll();
  return useActionMutation({
    mutationFn: (action: SyncAction) => apiJson<SheetSyncResult>('POST', `/api/google-sheets/${action}`),
    onSettled: refresh,
  });
}

export function useCreateSheet() {
  const refresh = useRefreshAll();
  return useActionMutation({
    mutationFn: () => apiJson<CreateSheetResult>('POST', '/api/google-sheets/create-sheet'),
    onSettled: refresh,
  });
}

/** POST /api/equipment-requests/cleanup-duplicates → {duplicatesRemoved}. */
export function useCleanupDuplicates() {
  return useActionMutation({
    mutationFn: () => apiJson<{ duplicatesRemoved: number }>('POST', '/api/equipment-requests/cleanup-duplicates'),
  });
}
