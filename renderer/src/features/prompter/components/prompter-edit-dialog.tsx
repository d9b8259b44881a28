import { Button, Group, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import { IconTrash } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import type { Prompter } from '@shared/contracts/prompters';
import { ConflictNotice, useVersionConflict } from '@/lib/conflict-notice';
import { GuardedModal, useModalDirty } from '@/lib/unsaved-guard';
import { formChanged } from '@/lib/unsaved-registry';
import { toastFailure, toastSuccess } from '@/lib/toast';
import { useDeletePrompter, useUpdatePrompter } from '../api/prompters';
import { PrompterEditFields } from './prompter-edit-fields';
import { editFormFrom, toUpdateBody, type EditPrompterValues, type PrompterFieldErrors } from './prompter-form-values';
import { EditingNotice } from '@/components/editing-indicators';
import { useAnnounceEditing } from '@/lib/presence/use-editing';

export type PrompterEditTitle = 'Edit Prompter' | 'Prompter Settings';

interface Props {
  /** The prompter (from the live list); null closes the dialog, e.g. when deleted elsewhere. */
  prompter: Prompter | null;
  title: PrompterEditTitle;
  onClose: () => void;
}

/**
 * Edit Prompter (the list's settings button) and Prompter Settings (the reader's toolbar): one
 * form, two titles. Delete lives only in Edit Prompter, away from the reading screen.
 */
export function PrompterEditDialog({ prompter, title, onClose }: Props) {
  const fullScreen = useMediaQuery('(max-width: 36em)');
  return (
    <GuardedModal opened={prompter !== null} onClose={onClose} title={title} size="lg" fullScreen={fullScreen}>
      {prompter && (
        <EditForm key={prompter.id} prompter={prompter} withDelete={title === 'Edit Prompter'} onDone={onClose} />
      )}
    </GuardedModal>
  );
}

function useDeleteWithConfirm(prompter: Prompter, onDone: () => void) {
  const remove = useDeletePrompter();
  const confirm = () =>
    modals.openConfirmModal({
      title: 'Delete prompter',
      children: (
        <Text size="sm">
          Delete <b dir="auto">{prompter.name}</b>? This cannot be undone.
        </Text>
      ),
      labels: { confirm: 'Delete', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      // Above the edit dialog it was opened from.
      zIndex: 1000,
      onConfirm: () =>
        remove.mutate(prompter.id, {
          onSuccess: () => {
            toastSuccess('Prompter deleted');
            onDone();
          },
          onError: (error) => toastFailure('Error', error, 'Failed to delete prompter'),
        }),
    });
  return { confirm, pending: remove.isPending };
}

function EditForm({ prompter, withDelete, onDone }: { prompter: Prompter; withDelete: boolean; onDone: () => void }) {
  // The prompter as it was at opening: the diff base, so edits made elsewhere meanwhile are kept.
  const [stored, setStored] = useState(prompter);
  const [initial, setInitial] = useState(() => editFormFrom(prompter));
  const [values, setValues] = useState<EditPrompterValues>(initial);
  const [errors, setErrors] = useState<PrompterFieldErrors>({});
  const { requestClose } = useModalDirty(formChanged(initial, values));
  const update = useUpdatePrompter();
  const remove = useDeleteWithConfirm(prompter, onDone);
  const stale = useVersionConflict<Prompter>(prompter.version);
  useAnnounceEditing('prompter', prompter.id);

  const save = (version: number | undefined) => {
    const parsed = toUpdateBody(stored, values);
    setErrors(parsed.ok ? {} : parsed.errors);
    if (!parsed.ok) return;
    if (Object.keys(parsed.body).length === 0) return onDone();
    update.mutate(
      // The version it started from (issue 26): someone else's save in between is shown, never overwritten.
      { id: prompter.id, body: { ...parsed.body, version } },
      {
        onSuccess: () => {
          toastSuccess('Prompter updated');
          onDone();
        },
        onError: stale.onError((error) => toastFailure('Error', error, 'Failed to update prompter')),
      },
    );
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    save(stale.version);
  };
  const loadTheirs = () => {
    const theirs = stale.resolve();
    if (!theirs) return;
    setStored(theirs);
    setInitial(editFormFrom(theirs));
    setValues(editFormFrom(theirs));
  };
  const overwrite = () => {
    const theirs = stale.resolve();
    if (theirs) save(theirs.version);
  };

  return (
    <form onSubmit={onSubmit} noValidate>
      {stale.conflict && (
        <ConflictNotice
          conflict={stale.conflict}
          record="prompter"
          pending={update.isPending}
          onLoadTheirs={loadTheirs}
          onOverwrite={overwrite}
        />
      )}
      <EditingNotice kind="prompter" id={prompter.id} mb="sm" />
      <PrompterEditFields values={values} errors={errors} onChange={setValues} />
      <Group justify="space-between" mt="md" gap="sm">
        {withDelete ? (
          <Button
            variant="light"
            color="red"
            leftSection={<IconTrash size={16} />}
            loading={remove.pending}
            disabled={update.isPending}
            onClick={remove.confirm}
          >
            Delete
          </Button>
        ) : (
          <span />
        )}
        <Group gap="sm" ml="auto">
          <Button variant="default" onClick={requestClose}>
            Cancel
          </Button>
          <Button type="submit" loading={update.isPending} disabled={remove.pending}>
            Save Changes
          </Button>
        </Group>
      </Group>
    </form>
  );
}
