import { Alert, Badge, Button, Center, Group, Loader, Paper, Stack, Switch, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconPencil, IconPlugConnected, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { OUTPUT_KIND_LABELS, type Output } from '@shared/contracts/outputs';
import { errorMessage } from '@/lib/api-client';
import { toastFailure, toastSuccess } from '@/lib/toast';
import { SettingsSection } from '@/components/settings-section';
import { bodyOf, useDeleteOutput, useOutputs, useSaveOutput, useTestOutput } from '@/lib/api/outputs/outputs';
import { OutputFormDialog } from './output-form-dialog';
import { OutputStatusBadge, OutputStatusMessage } from './output-status-badge';

/** Owner/admin: the station's CasparCG, OBS and vMix outputs with their live status. */
export function OutputList() {
  const outputs = useOutputs(true);
  const [editing, setEditing] = useState<Output | 'new' | null>(null);
  return (
    <SettingsSection
      title="CasparCG, OBS and vMix"
      description="Outputs driven directly: every CG change goes to each enabled output after the text files. A slow or unreachable output never holds up the others."
      testId="outputs-list"
    >
      <Group justify="flex-end" mb="sm">
        <Button size="xs" leftSection={<IconPlus size={14} />} onClick={() => setEditing('new')}>
          Add output
        </Button>
      </Group>
      {outputs.isPending && (
        <Center py="md">
          <Loader size="sm" aria-label="Loading outputs" />
        </Center>
      )}
      {outputs.error && (
        <Alert color="red" title="Could not load the outputs">
          {errorMessage(outputs.error, 'Failed to load outputs')}
        </Alert>
      )}
      {outputs.data?.length === 0 && (
        <Text size="sm" c="dimmed" data-testid="outputs-empty">
          No outputs yet. The text files and the HTML overlay always run; add CasparCG, OBS or vMix to drive them
          directly.
        </Text>
      )}
      <Stack gap="xs">
        {outputs.data?.map((o) => (
          <OutputRow key={o.id} output={o} onEdit={() => setEditing(o)} />
        ))}
      </Stack>
      <OutputFormDialog editing={editing} onClose={() => setEditing(null)} />
    </SettingsSection>
  );
}

/** Where the output points, in the words of its kind. */
function target(o: Output): string {
  if (o.kind === 'casparcg')
    return `${o.config.host}:${o.config.port} · channel ${o.config.channel}-${o.config.layer} · ${o.config.template}`;
  if (o.kind === 'obs')
    return `${o.config.url} · ${o.config.mapping.length} text source${o.config.mapping.length === 1 ? '' : 's'} · password ${o.config.passwordSet ? 'set' : 'not set'}`;
  return `${o.config.url} · input ${o.config.input} · ${o.config.mapping.length} field${o.config.mapping.length === 1 ? '' : 's'}`;
}

function OutputRow({ output, onEdit }: { output: Output; onEdit: () => void }) {
  const test = useTestOutput();
  const save = useSaveOutput();
  const remove = useDeleteOutput();
  const runTest = () =>
    test.mutate(output.id, {
      onSuccess: (r) =>
        r.ok
          ? toastSuccess(r.message, `${output.name}: test passed`)
          : toastFailure(`${output.name}: test failed`, new Error(r.message)),
      onError: (error) => toastFailure('Failed to test output', error),
    });
  const toggle = (enabled: boolean) =>
    save.mutate(
      { id: output.id, body: bodyOf(output, { enabled }) },
      { onError: (error) => toastFailure(enabled ? 'Failed to enable output' : 'Failed to disable output', error) },
    );
  const confirmDelete = () =>
    modals.openConfirmModal({
      title: 'Delete output',
      children: (
        <Text size="sm">
          Delete <b dir="auto">{output.name}</b>? CG changes stop going to it at once.
        </Text>
      ),
      labels: { confirm: 'Delete', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(output.id, {
          onSuccess: () => toastSuccess('Output deleted'),
          onError: (error) => toastFailure('Failed to delete output', error),
        }),
    });
  return (
    <Paper withBorder radius="sm" p="sm" data-testid="output-row" data-output-id={output.id}>
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
        <Stack gap={2} style={{ minWidth: 0, flex: '1 1 240px' }}>
          <Group gap={6} wrap="wrap">
            <Text fw={600} dir="auto">
              {output.name}
            </Text>
            <Badge variant="outline" color="gray" size="sm">
              {OUTPUT_KIND_LABELS[output.kind]}
            </Badge>
            <OutputStatusBadge status={output.status} />
          </Group>
          <Text size="xs" c="dimmed" dir="ltr" style={{ overflowWrap: 'anywhere', textAlign: 'start' }}>
            {target(output)}
          </Text>
          <OutputStatusMessage status={output.status} />
        </Stack>
        <Group gap={6} wrap="wrap">
          <Switch
            label="Enabled"
            checked={output.enabled}
            disabled={save.isPending}
            onChange={(e) => toggle(e.currentTarget.checked)}
            aria-label={`Enable ${output.name}`}
          />
          <Button
            size="xs"
            variant="light"
            leftSection={<IconPlugConnected size={14} />}
            loading={test.isPending}
            onClick={runTest}
          >
            Test
          </Button>
          <Button size="xs" variant="default" leftSection={<IconPencil size={14} />} onClick={onEdit}>
            Edit
          </Button>
          <Button
            size="xs"
            variant="subtle"
            color="red"
            leftSection={<IconTrash size={14} />}
            loading={remove.isPending}
            onClick={confirmDelete}
          >
            Delete
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}
