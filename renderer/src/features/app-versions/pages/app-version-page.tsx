import { Alert, Button, Center, Loader, Stack } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import type { AppVersion } from '@shared/contracts/app-versions';
import { isDev } from '@shared/roles';
import { PageTitle } from '@/app/page-title';
import { errorMessage } from '@/lib/api-client';
import { useCurrentUser } from '@/lib/session-store';
import { useAllAppVersions } from '../api/get-all-app-versions';
import { useAppVersion } from '../api/get-app-version';
import { AllVersionsTable } from '../components/all-versions-table';
import { AppVersionFormDialog } from '../components/app-version-form-dialog';
import { CurrentVersionCard } from '../components/current-version-card';
import { useAppVersionActions } from '../use-app-version-actions';

type Dialog = { mode: 'closed' } | { mode: 'create' } | { mode: 'edit'; version: AppVersion };

/**
 * App Version (docs/product.md §Screens and routes): the installer this company's desktops should run, and for devs
 * every company's version. Devs manage any company, owners their own (docs/design-rules.md §5).
 */
export default function AppVersionPage() {
  const actor = useCurrentUser();
  const dev = isDev(actor);
  const canManage = dev || actor.role === 'owner';
  const current = useAppVersion();
  const all = useAllAppVersions(dev);
  const [dialog, setDialog] = useState<Dialog>({ mode: 'closed' });
  const { confirmDelete, startDownload, downloadingUrl, deletingCompanyId } = useAppVersionActions();
  // The card shows the version that applies to us; editing it is only ours when it is our own.
  const ownVersion = current.data && current.data.companyId === actor.companyId ? current.data : null;

  const createButton = canManage && (
    <Button leftSection={<IconPlus size={16} />} onClick={() => setDialog({ mode: 'create' })}>
      Create Version
    </Button>
  );

  return (
    <Stack gap="md">
      <PageTitle
        title="App Version"
        description="Manage Windows application versions and distributions"
        actions={createButton}
      />
      {current.isPending && (
        <Center py="xl">
          <Loader size="sm" />
        </Center>
      )}
      {current.error && <Alert color="red">{errorMessage(current.error, 'Failed to load the app version')}</Alert>}
      {current.isSuccess && (
        <CurrentVersionCard
          version={current.data}
          canManage={canManage && (ownVersion !== null || current.data === null)}
          downloading={downloadingUrl !== undefined && downloadingUrl === current.data?.downloadUrl}
          onCreate={() => setDialog({ mode: 'create' })}
          onEdit={(version) => setDialog({ mode: 'edit', version })}
          onDownload={startDownload}
        />
      )}
      {dev && all.error && <Alert color="red">{errorMessage(all.error, 'Failed to load app versions')}</Alert>}
      {dev && all.data && (
        <AllVersionsTable
          versions={all.data}
          onDownload={startDownload}
          onDelete={confirmDelete}
          pendingCompanyId={deletingCompanyId}
        />
      )}
      <AppVersionFormDialog
        opened={dialog.mode !== 'closed'}
        version={dialog.mode === 'edit' ? dialog.version : null}
        onClose={() => setDialog({ mode: 'closed' })}
      />
    </Stack>
  );
}
