import { Alert, Button, Checkbox, Group, Stack, TextInput } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { API_KEY_PERMISSIONS } from '@shared/constants';
import type { ApiKeyPermission, CreatedApiKey } from '@shared/contracts/api-keys';
import { errorMessage } from '@/lib/api-client';
import { GuardedModal, useModalDirty } from '@/lib/unsaved-guard';
import { useCreateApiKey } from '../api/create-api-key';

const PERMISSION_LABELS: Record<ApiKeyPermission, string> = {
  cg_files: 'cg_files — read the CG files (sync)',
  equipment: 'equipment',
  news: 'news',
  'control.take': 'control.take — Stream Deck: Take (NEXT to air)',
  'control.clear': 'control.clear — Stream Deck: clear a CG type',
  'control.crawler': 'control.crawler — Stream Deck: crawler next / previous',
  'control.emergency': 'control.emergency — Stream Deck: emergency on / off',
  'control.state': 'control.state — Stream Deck: read what is on air (button feedback)',
};

interface CreateApiKeyDialogProps {
  opened: boolean;
  onClose: () => void;
  onCreated: (key: CreatedApiKey) => void;
}

/** Create API Key: a name and at least one permission (docs/product.md §Validation). */
export function CreateApiKeyDialog({ opened, onClose, onCreated }: CreateApiKeyDialogProps) {
  return (
    <GuardedModal opened={opened} onClose={onClose} title="Create API Key">
      {opened && <CreateApiKeyForm onDone={onClose} onCreated={onCreated} />}
    </GuardedModal>
  );
}

function CreateApiKeyForm({ onDone, onCreated }: { onDone: () => void; onCreated: (key: CreatedApiKey) => void }) {
  const [name, setName] = useState('');
  const [permissions, setPermissions] = useState<ApiKeyPermission[]>(['cg_files']);
  const [errors, setErrors] = useState<{ name?: string; permissions?: string }>({});
  const { requestClose } = useModalDirty(name.trim() !== '');
  const create = useCreateApiKey();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next = {
      name: name.trim() ? undefined : 'Please enter a name for the API key',
      permissions: permissions.length ? undefined : 'Please select at least one permission',
    };
    setErrors(next);
    if (next.name || next.permissions) return;
    create.mutate(
      { name: name.trim(), permissions },
      {
        onSuccess: (key) => {
          onDone();
          onCreated(key);
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        {create.error && (
          <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} role="alert">
            Failed to create API key: {errorMessage(create.error)}
          </Alert>
        )}
        <TextInput
          label="Name"
          placeholder="e.g. vMix PC studio 1"
          required
          data-autofocus
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          error={errors.name}
        />
        <Checkbox.Group
          label="Permissions"
          required
          value={permissions}
          onChange={(v) => setPermissions(v)}
          error={errors.permissions}
        >
          <Stack gap={6} mt={6}>
            {API_KEY_PERMISSIONS.map((p) => (
              <Checkbox key={p} value={p} label={PERMISSION_LABELS[p]} />
            ))}
          </Stack>
        </Checkbox.Group>
        <Group justify="flex-end" mt="xs">
          <Button variant="default" onClick={requestClose}>
            Cancel
          </Button>
          <Button type="submit" loading={create.isPending}>
            Create API Key
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
