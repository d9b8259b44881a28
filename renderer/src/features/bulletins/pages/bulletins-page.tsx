import { Alert, Button, Center, Loader, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconListDetails, IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { Bulletin, BulletinItem } from '@shared/contracts/bulletins';
import type { User } from '@shared/contracts/users';
import { can } from '@shared/roles';
import { PageTitle } from '@/app/page-title';
import { errorMessage } from '@/lib/api-client';
import { useCurrentUser } from '@/lib/session-store';
import { useBulletins } from '@/lib/api/bulletins/get-bulletins';
import { useCgPush } from '@/lib/cg/use-cg-push';
import { useEmergencyConfirm } from '@/lib/cg/use-emergency-confirm';
import { toastFailure, toastSuccess } from '@/lib/toast';
import { useDeleteBulletin } from '../api/bulletin-mutations';
import { BulletinFormDialog } from '../components/bulletin-form-dialog';
import { BulletinPreviewDialog } from '../components/bulletin-preview-dialog';
import { BulletinsTable } from '../components/bulletins-table';

type FormState = { mode: 'closed' } | { mode: 'create' } | { mode: 'edit'; id: number };

function EmptyState({ canEdit, onCreate }: { canEdit: boolean; onCreate: () => void }) {
  return (
    <Paper withBorder radius="md" p="xl">
      <Stack align="center" gap="xs">
        <ThemeIcon size={48} radius="xl" variant="light" color="gray">
          <IconListDetails size={26} />
        </ThemeIcon>
        <Text fw={600}>No bulletins</Text>
        <Text size="sm" c="dimmed" ta="center">
          Create your first bulletin to get started.
        </Text>
        {canEdit && (
          <Button mt="xs" leftSection={<IconPlus size={16} />} onClick={onCreate}>
            Create Bulletin
          </Button>
        )}
      </Stack>
    </Paper>
  );
}

/** Bulletins (docs/product.md §Screens and routes): running orders of approved news and breaks for a broadcast time. */
export default function BulletinsPage() {
  const actor = useCurrentUser();
  const canEdit = can(actor, 'bulletins.manage');
  const bulletins = useBulletins();
  // The lookup's 'User {id}' needs the users list; roles that cannot read it see 'ID: {id}'.
  const users = useQuery<User[]>({ queryKey: ['/api/users'], enabled: can(actor, 'users.manage') });
  const [form, setForm] = useState<FormState>({ mode: 'closed' });
  const [previewId, setPreviewId] = useState<number | null>(null);
  const remove = useDeleteBulletin();
  const cg = useCgPush();
  const confirmOnAir = useEmergencyConfirm();
  const list = bulletins.data ?? [];
  // Dialogs follow the live list: an edit elsewhere shows at once, a delete closes them.
  const previewing = list.find((b) => b.id === previewId) ?? null;
  const editing = form.mode === 'edit' ? (list.find((b) => b.id === form.id) ?? null) : null;

  const confirmDelete = (b: Bulletin) =>
    modals.openConfirmModal({
      title: 'Delete bulletin',
      children: (
        <Text size="sm">
          Delete <b dir="auto">{b.title}</b>? This cannot be undone.
        </Text>
      ),
      labels: { confirm: 'Delete', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(b.id, {
          onSuccess: () => toastSuccess('Bulletin deleted'),
          onError: (e) => toastFailure('Error', e, 'Failed to delete bulletin'),
        }),
    });

  // Headline and subheadline in one update-direct, as shared/cg-from-news.ts does for a story;
  // during an emergency, after the operator confirms.
  const sendToCg = (item: BulletinItem) => {
    const title = item.newsTitle;
    if (!title) return;
    confirmOnAir(`Headline: ${title}`, () =>
      cg.push(
        { type: 'headline', content: title, subheadline: item.newsSubtitle ?? '' },
        { success: 'Headline sent to CG', failure: 'Failed to send to CG' },
      ),
    );
  };

  const createButton = canEdit && (
    <Button leftSection={<IconPlus size={16} />} onClick={() => setForm({ mode: 'create' })}>
      Create Bulletin
    </Button>
  );

  return (
    <Stack gap="md">
      <PageTitle
        title="Bulletins"
        description="Running orders of approved news and breaks, with planned running time against the slot."
        actions={createButton}
      />
      {bulletins.error && <Alert color="red">{errorMessage(bulletins.error, 'Failed to load bulletins')}</Alert>}
      {bulletins.isPending && (
        <Center py="xl">
          <Loader size="sm" />
        </Center>
      )}
      {bulletins.isSuccess && list.length === 0 && (
        <EmptyState canEdit={canEdit} onCreate={() => setForm({ mode: 'create' })} />
      )}
      {list.length > 0 && (
        <Paper withBorder radius="md" p="xs">
          <BulletinsTable
            bulletins={list}
            users={users.data}
            editable={canEdit}
            deletingId={remove.isPending ? remove.variables : undefined}
            onPreview={(b) => setPreviewId(b.id)}
            onEdit={(b) => setForm({ mode: 'edit', id: b.id })}
            onDelete={confirmDelete}
          />
        </Paper>
      )}
      <BulletinFormDialog
        opened={form.mode === 'create' || editing !== null}
        bulletin={editing}
        onClose={() => setForm({ mode: 'closed' })}
      />
      <BulletinPreviewDialog
        bulletin={previewing}
        onClose={() => setPreviewId(null)}
        onSendToCg={can(actor, 'cg.write') ? sendToCg : undefined}
        sending={cg.pending}
      />
    </Stack>
  );
}
