import { Alert, Badge, Button, Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useState } from 'react';
import { CG_TYPES } from '@shared/constants';
import type { CgFile } from '@shared/contracts/cg-files';
import { can } from '@shared/roles';
import { useCurrentUser } from '@/lib/session-store';
import { errorMessage } from '@/lib/api-client';
import { useDeleteCgFile } from '../api/delete-cg-file';
import { downloadCgFile } from '../api/download-cg-file';
import { useCgFiles } from '@/lib/api/cg/get-cg-files';
import { useCgNext } from '@/lib/api/cg/get-cg-next';
import { toastCgFailure, toastStaged, toastSuccess } from '@/lib/cg/cg-toast';
import { CgFileDialog, type CgFileDialogState } from './cg-file-dialog';
import { CgTypeCard, type CgFileActions } from './cg-type-card';

interface Question {
  title: string;
  action: string;
  /** Said before the text, plainly (take mode: whether it waits in NEXT). */
  note?: string;
  /** When the text leaves air: now, or on Take. */
  onTake?: boolean;
}

/** Text on air is taken off only after a look at what goes; clearing an empty file needs no question. */
function confirmIfOnAir(file: CgFile, q: Question, run: () => void, always = false): void {
  if (!always && !file.content.trim()) {
    run();
    return;
  }
  modals.openConfirmModal({
    title: q.title,
    children: (
      <Stack gap={4}>
        {q.note && (
          <Text size="sm" fw={600} data-testid="file-centre-take-note">
            {q.note}
          </Text>
        )}
        <Text size="sm">
          {q.action} the {file.type} file?
          {file.content.trim() ? ` This text goes off air${q.onTake ? ' on Take' : ''}:` : ''}
        </Text>
        {file.content.trim() && (
          <Text size="sm" fw={700} dir="auto" lineClamp={3} style={{ overflowWrap: 'anywhere' }}>
            {file.content}
          </Text>
        )}
      </Stack>
    ),
    labels: { confirm: q.action, cancel: 'Cancel' },
    confirmProps: { color: 'red' },
    onConfirm: run,
  });
}

/**
 * Take mode (issue 38): a Clear of text on air waits in NEXT like every send; a Delete cannot (a
 * deleted file has nothing left to take), so its question says so before anything happens.
 */
const STAGE_CLEAR_NOTE = 'Take mode is on: the clear waits in NEXT. The text stays on air until Take.';
const DELETE_BYPASS_NOTE =
  'Take mode is on, but Delete does not wait in NEXT: a deleted file has nothing left to take, so its text goes off air now.';

function useFileActions(setDialog: (state: CgFileDialogState) => void): CgFileActions {
  const remove = useDeleteCgFile();
  const takeMode = useCgNext().data?.takeMode === true;
  const deleteFile = (file: CgFile) =>
    remove.mutate(
      { id: file.id, bypassNext: takeMode && file.content !== '' },
      {
        onSuccess: () => toastSuccess('CG Updated', `${file.type} file deleted`),
        onError: (e) => toastCgFailure('Error deleting CG file', null, e),
      },
    );
  const clearFile = (file: CgFile) =>
    remove.mutate(
      { id: file.id, clearOnly: true, stage: takeMode && file.content !== '' },
      {
        onSuccess: (answer) =>
          answer.staged
            ? toastStaged(`Clear of ${file.type}`)
            : toastSuccess('CG Updated', 'CG content has been updated'),
        onError: (e) => toastCgFailure('Error', 'Failed to remove CG content', e),
      },
    );
  return {
    onAdd: (type) => setDialog({ mode: 'add', type }),
    onEdit: (file) => setDialog({ mode: 'edit', file }),
    // Both blank the graphic on air. Deleting always asks (docs/product.md §Validation); clearing asks when there is text.
    onDelete: (file) =>
      confirmIfOnAir(
        file,
        { title: 'Delete CG file', action: 'Delete', note: takeMode && file.content ? DELETE_BYPASS_NOTE : undefined },
        () => deleteFile(file),
        true,
      ),
    onClear: (file) =>
      confirmIfOnAir(
        file,
        takeMode
          ? { title: 'Stage clear in NEXT', action: 'Stage clear', note: STAGE_CLEAR_NOTE, onTake: true }
          : { title: 'Clear CG file', action: 'Clear' },
        () => clearFile(file),
      ),
    onDownload: (file) =>
      void downloadCgFile(file).catch((e: unknown) => toastCgFailure('Error', 'Download failed', e)),
  };
}

/** CG file centre (docs/product.md §Screens and routes): one card per CG type, add/edit dialog, download, clear, delete. */
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
