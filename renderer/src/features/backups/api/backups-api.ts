import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  BackupItem,
  BackupOverview,
  BackupSettings,
  RestoreBackupInput,
  RestoreStarted,
} from '@shared/contracts/backups';
import { apiJson, apiRequest } from '@/lib/api-client';
import { useServerRestore } from '@/lib/live';
import { saveResponse } from '@/lib/save-file';
import { useActionMutation } from '@/lib/use-action-mutation';

/** The host station's owner and roletype dev only (issue 41); anyone else is told why (403). */
export const backupsQueryKey = ['/api/backups'] as const;

export function useBackups() {
  return useQuery(queryOptions<BackupOverview>({ queryKey: backupsQueryKey }));
}

export function useBackUpNow() {
  const queryClient = useQueryClient();
  return useActionMutation({
    mutationFn: () => apiJson<BackupItem>('POST', '/api/backups'),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: backupsQueryKey }),
  });
}

export function useSaveBackupSettings() {
  const queryClient = useQueryClient();
  return useActionMutation({
    mutationFn: (body: BackupSettings) => apiJson<BackupOverview>('PUT', '/api/backups/settings', body),
    onSuccess: (overview) => queryClient.setQueryData(backupsQueryKey, overview),
  });
}

/** Fetched with the session's token (a plain link would carry none), then saved as a file. */
export async function downloadBackup(name: string): Promise<void> {
  await saveResponse(await apiRequest('GET', `/api/backups/download?name=${encodeURIComponent(name)}`), name);
}

/** Accepted (202): the server restarts on the backup; the notice covers the page until it reloads. */
export function useRestoreBackup() {
  return useActionMutation({
    mutationFn: (body: RestoreBackupInput) => apiJson<RestoreStarted>('POST', '/api/backups/restore', body),
    onSuccess: (started) =>
      useServerRestore.setState({ restoring: { name: started.name, createdAt: started.createdAt } }),
  });
}
