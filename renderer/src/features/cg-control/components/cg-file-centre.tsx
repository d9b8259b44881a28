import { Alert, Badge, Button, Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useState } from 'react';
import { CG_TYPES } from '@shared/constants';
import type { CgFile } from '@shared/contracts/cg-files';
import { can } from '@shared/roles';
import { useCurrentUser } from '@/features/auth/session-store';
import { errorMessage } from '@/lib/api-client';
import { useDeleteCgFile } from '../api/delete-cg-file';
import { downloadCgFile } from '../api/download-cg-file';
import { useCgFiles } from '../api/get-cg-files';
import { toastCgFailure, toastSuccess } from '../cg-toast';
import { CgFileDialog, type CgFileDialogState } from './cg-file-dialog';
import { CgTypeCard, type CgFileActions } from './cg-type-card';

/** Text on air is taken off only after a look at what goes; clearing an empty file needs no question. */
function confirmIfOnAir(file: CgFile, title: string, action: string, run: () => void, always = false): void {
  if (!always && !file.content.trim()) {
    run();
    return;
  }
  modals.openConfirmModal({
    title,
    children: (
      <Stack gap={4}>
        <Text size="sm">
          {action} the {file.type} file?{file.content.trim() ? ' This text goes off air:' : ''}
        </Text>
        {file.content.trim() && (
          <Text size="sm" fw={700} dir="auto" lineClamp={3} style={{ overflowWrap: 'anywhere' }}>
            {file.content}
          </Text>
        )}
      </Stack>
    ),
    labels: { confirm: action, cancel: 'Cancel' },
    confirmProps: { color: 'red' },
    onConfirm: run,
  });
}

function useFileActions(setDialog: (state: CgFileDialogState) => void): CgFileActions {
  const remove = useDeleteCgFile();
  const deleteFile = (file: CgFile) =>
    remove.mutate({ id: file.id }, { onSuccess: () => toastSuccess('CG Updated', `${file.type} file deleted`), onError: (e) => toastCgFailure('Error deleting CG file', null, e) });
  const clearFile = (file: CgFile) =>
    remove.mutate(
      { id: file.id, clearOnly: true },
      { onSuccess: () => toastSuccess('CG Updated', 'CG content has been updated'), onError: (e) => toastCgFailure('Error', 'Failed to remove CG content', e) },
    );
  return {
    onAdd: (type) => setDialog({ mode: 'add', type }),
    onEdit: (file) => setDialog({ mode: 'edit', file }),
    // Both blank the graphic on air. Deleting always asks (spec 000 §5); clearing asks when there is text.
    onDelete: (file) => confirmIfOnAir(file, 'Delete CG file', 'Delete', () => deleteFile(file), true),
    onClear: (file) => confirmIfOnAir(file, 'Clear CG file', 'Clear', () => clearFile(file)),
    onDownload: (file) => void downloadCgFile(file).catch((e: unknown) => toastCgFailure('Error', 'Download failed', e)),
  };
}

/** CG file centre (spec 000 §2): one card per CG type, add/edit dialog, download, clear, delete. */
export function CgFileCentre() {
  const canWrite = can(useCurrentUser(), 'cg.write');
  const files = useCgFiles();
  const [dialog, setDialog] = useState<CgFileDialogState>({ mode: 'closed' });
  const actions = useFileActions(setDialog);
  const byType = new Map((files.data ?? []).map((f) => [f.type, f]));
  const active = CG_TYPES.filter((t) => byType.has(t)).length;

  return (
    <Paper withBorder radius="md" p={{ base: 'xs', sm: 'md' }} data-testid="cg-file-centre">
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h5">
          CG File Centre
        </Title>
        <Badge variant="light" size="lg" data-testid="cg-active-files">
          Active Files: {files.data ? active : '…'}
        </Badge>
      </Group>
      {files.isPending ? (
        <Stack gap={6} data-testid="cg-files-loading" aria-busy>
          <Text size="sm" c="dimmed">
            Loading…
          </Text>
          <Skeleton height={40} />
          <Skeleton height={40} />
        </Stack>
      ) : files.error && !files.data ? (
        <Alert color="red" variant="light" data-testid="cg-files-error">
          <Group justify="space-between" gap="xs">
            <Text size="sm">Could not load the CG files: {errorMessage(files.error)}</Text>
            <Button size="compact-xs" variant="default" onClick={() => void files.refetch()}>
              Retry
            </Button>
          </Group>
        </Alert>
      ) : (
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="xs">
          {CG_TYPES.map((type) => (
            <CgTypeCard key={type} type={type} file={byType.get(type)} canWrite={canWrite} {...actions} />
          ))}
        </SimpleGrid>
      )}
      <CgFileDialog state={dialog} onClose={() => setDialog({ mode: 'closed' })} />
    </Paper>
  );
}
