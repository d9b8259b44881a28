import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { AppVersion } from '@shared/contracts/app-versions';
import { errorMessage } from '@/lib/api-client';
import { showToast } from '@/lib/toast';
import { useDeleteAppVersion } from './api/delete-app-version';
import { useDownloadAppFile } from './api/download-app-file';

/** Download and delete (with its confirmation), shared by the card and the table. */
export function useAppVersionActions() {
  const remove = useDeleteAppVersion();
  const download = useDownloadAppFile();

  const confirmDelete = (version: AppVersion) =>
    modals.openConfirmModal({
      title: 'Delete app version',
      children: (
        <Text size="sm">
          Delete version <b>{version.latestVersion}</b> of <b>{version.companyName}</b>? Its desktops will no longer be
          offered this installer.
        </Text>
      ),
      labels: { confirm: 'Delete', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(version.companyId, {
          onSuccess: () => showToast('Success', 'App version deleted successfully', 'green'),
          onError: (error) =>
            showToast('Failed to delete app version', errorMessage(error, 'Failed to delete app version'), 'red'),
        }),
    });

  const startDownload = (version: AppVersion) =>
    download.mutate(version, {
      onError: (error) => showToast('Download failed', errorMessage(error, 'Failed to download file'), 'red'),
    });

  return {
    confirmDelete,
    startDownload,
    downloadingUrl: download.isPending ? download.variables.downloadUrl : undefined,
    deletingCompanyId: remove.isPending ? remove.variables : undefined,
  };
}
