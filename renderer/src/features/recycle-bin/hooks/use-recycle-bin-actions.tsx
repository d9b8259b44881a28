import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { DeletedNews } from '@shared/contracts/news';
import { toastFailure, toastSuccess } from '@/lib/toast';
import { useCleanupRecycleBin } from '../api/cleanup-recycle-bin';
import { useDeleteNewsForever } from '../api/delete-news-forever';
import { useRestoreNews } from '../api/restore-news';

const ok = (message: string) => toastSuccess(message);

/** Spec 000 §8: the server's message when it gave one, else the spec's fallback text. */
const fail = (fallback: string) => (error: Error) => toastFailure('Error', error, fallback);

/** Restore, Delete Forever (confirmed) and Manual Cleanup with the spec's toasts. */
export function useRecycleBinActions() {
  const restoreMutation = useRestoreNews();
  const forever = useDeleteNewsForever();
  const cleanupMutation = useCleanupRecycleBin();

  const restore = (item: DeletedNews) =>
    restoreMutation.mutate(item.id, {
      onSuccess: () => ok('News article restored successfully'),
      onError: fail('Failed to restore news article'),
    });

  const confirmDeleteForever = (item: DeletedNews) =>
    modals.openConfirmModal({
      title: 'Delete forever',
      children: (
        <Text size="sm">
          Permanently delete <b dir="auto">{item.title}</b>? This cannot be undone.
        </Text>
      ),
      labels: { confirm: 'Delete Forever', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        forever.mutate(item.id, {
          onSuccess: () => ok('News article permanently deleted'),
          onError: fail('Failed to permanently delete news article'),
        }),
    });

  const cleanup = () =>
    cleanupMutation.mutate(undefined, {
      onSuccess: ({ deletedCount }) =>
        toastSuccess(`${deletedCount} expired news items permanently deleted`, 'Cleanup Complete'),
      onError: fail('Failed to perform cleanup'),
    });

  const pendingId = restoreMutation.isPending
    ? restoreMutation.variables
    : forever.isPending
      ? forever.variables
      : undefined;
  return { restore, confirmDeleteForever, cleanup, cleaning: cleanupMutation.isPending, pendingId };
}
