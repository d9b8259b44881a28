import { Alert, Button, Center, Loader, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconKey } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import type { ApiKey, CreatedApiKey } from '@shared/contracts/api-keys';
import { errorMessage } from '@/lib/api-client';
import { registerLiveEvent } from '@/lib/live-registry';
import { showToast } from '@/lib/toast';
import { SettingsSection } from '@/components/settings-section';
import { useDeleteApiKey } from '../api/delete-api-key';
import { apiKeysQueryKey, useApiKeys } from '../api/get-api-keys';
import { useUpdateApiKey } from '../api/update-api-key';
import { ApiKeysTable } from './api-keys-table';
import { CreateApiKeyDialog } from './create-api-key-dialog';
import { NewApiKeyDialog } from './new-api-key-dialog';

function useApiKeyActions() {
  const update = useUpdateApiKey();
  const remove = useDeleteApiKey();
  const toggleActive = (key: ApiKey, isActive: boolean) =>
    update.mutate(
      { id: key.id, isActive },
      { onError: (e) => showToast('Failed to update API key', errorMessage(e), 'red') },
    );
  const confirmDelete = (key: ApiKey) =>
    modals.openConfirmModal({
      title: 'Delete API key',
      children: (
        <Text size="sm">
          Delete <b>{key.name}</b>? Machines using it can no longer read the CG files.
        </Text>
      ),
      labels: { confirm: 'Delete', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(key.id, { onError: (e) => showToast('Failed to delete API key', errorMessage(e), 'red') }),
    });
  const pendingId = update.isPending ? update.variables?.id : remove.isPending ? remove.variables : undefined;
  return { toggleActive, confirmDelete, pendingId };
}

/** API Key Management (docs/product.md §Screens and routes): keys for graphics machines that sync the CG files. */
export function ApiKeysCard() {
  const keys = useApiKeys(true);
  // A key used by a graphics PC: "Last used" follows (the server sends this at most once a minute per key).
  useEffect(() => registerLiveEvent('api_key_used', { invalidate: [apiKeysQueryKey] }), []);
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const { toggleActive, confirmDelete, pendingId } = useApiKeyActions();
  const createButton = (
    <Button leftSection={<IconKey size={16} />} onClick={() => setCreating(true)}>
      Create API Key
    </Button>
  );
  return (
    <SettingsSection
      title="API Key Management"
      description="Keys let other machines read the CG files without signing in"
      actions={createButton}
      testId="settings-api-keys"
    >
      {keys.isPending && (
        <Center py="md">
          <Loader size="sm" />
        </Center>
      )}
      {keys.error && <Alert color="red">{errorMessage(keys.error, 'Failed to load API keys')}</Alert>}
      {keys.data && (
        <ApiKeysTable keys={keys.data} onToggleActive={toggleActive} onDelete={confirmDelete} pendingId={pendingId} />
      )}
      <CreateApiKeyDialog opened={creating} onClose={() => setCreating(false)} onCreated={setCreated} />
      <NewApiKeyDialog created={created} onClose={() => setCreated(null)} />
    </SettingsSection>
  );
}
