import { Badge, Group, Paper, SimpleGrid, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useState } from 'react';
import { CG_TYPES } from '@shared/constants';
import type { CgFile } from '@shared/contracts/cg-files';
import { can } from '@shared/roles';
import { useCurrentUser } from '@/features/auth/session-store';
import { useDeleteCgFile } from '../api/delete-cg-file';
import { downloadCgFile } from '../api/download-cg-file';
import { useCgFiles } from '../api/get-cg-files';
import { toastCgFailure, toastSuccess } from '../cg-toast';
import { CgFileDialog, type CgFileDialogState } from './cg-file-dialog';
import { CgTypeCard, type CgFileActions } from './cg-type-card';

function useFileActions(setDialog: (state: CgFileDialogState) => void): CgFileActions {
  const remove = useDeleteCgFile();
  const deleteFile = (file: CgFile) =>
    remove.mutate({ id: file.id }, { onSuccess: () => toastSuccess('CG Updated', `${file.type} file deleted`), onError: (e) => toastCgFailure('Error deleting CG file', null, e) });
  return {
    onAdd: (type) => setDialog({ mode: 'add', type }),
    onEdit: (file) => setDialog({ mode: 'edit', file }),
    // Deleting blanks the graphic on air: ask first (spec 000 §5).
    onDelete: (file) =>
      modals.openConfirmModal({
        title: 'Delete CG file',
        children: <Text size="sm">Are you sure you want to delete the {file.type} file? Its output file will be emptied.</Text>,
        labels: { confirm: 'Delete', cancel: 'Cancel' },
        confirmProps: { color: 'red' },
        onConfirm: () => deleteFile(file),
      }),
    onClear: (file) =>
      remove.mutate(
        { id: file.id, clearOnly: true },
        { onSuccess: () => toastSuccess('CG Updated', 'CG content has been updated'), onError: (e) => toastCgFailure('Error', 'Failed to remove CG content', e) },
      ),
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
        <Title order={3} size="h5">
          CG File Centre
        </Title>
        <Badge variant="light" size="lg" data-testid="cg-active-files">
          Active Files: {active}
        </Badge>
      </Group>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="xs">
        {CG_TYPES.map((type) => (
          <CgTypeCard key={type} type={type} file={byType.get(type)} canWrite={canWrite} {...actions} />
        ))}
      </SimpleGrid>
      <CgFileDialog state={dialog} onClose={() => setDialog({ mode: 'closed' })} />
    </Paper>
  );
}
