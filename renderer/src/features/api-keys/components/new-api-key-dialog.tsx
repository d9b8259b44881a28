import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { CreatedApiKey } from '@shared/contracts/api-keys';
import { CopyValue } from '@/components/copy-value';
import { SyncUrlField } from './sync-url-field';

/**
 * The new key, shown once: the server keeps only its hash. Closing the dialog drops it from
 * memory; the table shows only the prefix from then on.
 */
export function NewApiKeyDialog({ created, onClose }: { created: CreatedApiKey | null; onClose: () => void }) {
  return (
    <Modal opened={created !== null} onClose={onClose} title="API Key Created" size="lg" closeOnClickOutside={false}>
      {created && (
        <Stack gap="sm">
          <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={18} />}>
            Copy this key now. It will not be shown again: if it is lost, create a new key and delete this one.
          </Alert>
          <div>
            <Text size="sm" fw={600} mb={4}>
              {created.name}
            </Text>
            <CopyValue value={created.key} label="API key" testId="new-api-key" />
          </div>
          <SyncUrlField apiKey={created.key} />
          <Group justify="flex-end">
            <Button onClick={onClose}>Done</Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
