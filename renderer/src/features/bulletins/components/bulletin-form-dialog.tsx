import { Button, Checkbox, Group, NumberInput, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useState, type FormEvent } from 'react';
import { BULLETIN_LIMITS } from '@shared/constants';
import type { Bulletin } from '@shared/contracts/bulletins';
import { ConflictNotice, useVersionConflict } from '@/lib/conflict-notice';
import { GuardedModal, useModalDirty } from '@/lib/unsaved-guard';
import { formChanged } from '@/lib/unsaved-registry';
import { textDirection } from '@/lib/text-direction';
import { toastFailure, toastSuccess } from '@/lib/toast';
import { useCreateBulletin, useUpdateBulletin } from '../api/bulletin-mutations';
import {
  broadcastFromScheduled,
  bulletinFormFrom,
  emptyBulletinForm,
  scheduledAtBroadcast,
  timesInStep,
  toBulletinBody,
  type BulletinFieldErrors,
  type BulletinFormValues,
} from '../bulletin-form-values';
import { BulletinItemsEditor } from './bulletin-items-editor';
import { EditingNotice } from '@/components/editing-indicators';
import { useAnnounceEditing } from '@/lib/presence/use-editing';

interface Props {
  opened: boolean;
  onClose: () => void;
  /** The bulletin being edited; absent for Create Bulletin. */
  bulletin?: Bulletin | null;
}

/** Create Bulletin, reused for Edit (docs/product.md §Screens and routes). */
export function BulletinFormDialog({ opened, onClose, bulletin }: Props) {
  const fullScreen = useMediaQuery('(max-width: 36em)');
  return (
    <GuardedModal
      opened={opened}
      onClose={onClose}
      title={bulletin ? 'Edit Bulletin' : 'Create Bulletin'}
      size="xl"
      fullScreen={fullScreen}
    >
      {opened && <BulletinForm key={bulletin?.id ?? 'new'} bulletin={bulletin ?? null} onDone={onClose} />}
    </GuardedModal>
  );
}

function useSubmit(
  bulletin: Bulletin | null,
  onDone: () => void,
  onConflict: (otherwise: (error: Error) => void) => (error: Error) => void,
) {
  const createMutation = useCreateBulletin();
  const updateMutation = useUpdateBulletin();
  const succeed = (message: string) => () => {
    toastSuccess(message);
    onDone();
  };
  // Spec 001 §8: toast 'Error' with the server's message, else the fallback.
  const fail = (fallback: string) => (error: Error) => toastFailure('Error', error, fallback);
  // The version guards the running order too: a producer who reordered first is never overwritten (issue 26).
  const submit = (values: BulletinFormValues, version?: number): BulletinFieldErrors => {
    const parsed = toBulletinBody(values);
    if (!parsed.ok) return parsed.errors;
    if (bulletin) {
      updateMutation.mutate(
        { id: bulletin.id, body: { ...parsed.body, version } },
        { onSuccess: succeed('Bulletin updated'), onError: onConflict(fail('Failed to update bulletin')) },
      );
    } else {
      createMutation.mutate(parsed.body, {
        onSuccess: succeed('Bulletin created'),
        onError: fail('Failed to create bulletin'),
      });
    }
    return {};
  };
  return { submit, pending: createMutation.isPending || updateMutation.isPending };
}

function BulletinForm({ bulletin, onDone }: { bulletin: Bulletin | null; onDone: () => void }) {
  const [initial, setInitial] = useState<BulletinFormValues>(() =>
    bulletin ? bulletinFormFrom(bulletin) : emptyBulletinForm(),
  );
  const [values, setValues] = useState<BulletinFormValues>(initial);
  const { requestClose } = useModalDirty(formChanged(initial, values));
  const [errors, setErrors] = useState<BulletinFieldErrors>({});
  const stale = useVersionConflict<Bulletin>(bulletin?.version);
  const { submit, pending } = useSubmit(bulletin, onDone, stale.onError);
  useAnnounceEditing('bulletin', bulletin?.id);
  const set = <K extends keyof BulletinFormValues>(field: K, value: BulletinFormValues[K]) =>
    setValues((v) => ({ ...v, [field]: value }));
  const slot = typeof values.duration === 'number' ? values.duration : Number(values.duration) || 0;
  // Issue 39: while in step, a broadcast clock sets the scheduled time's clock and a scheduled time fills the broadcast time.
  const [inStep, setInStep] = useState(() => timesInStep(initial.broadcastTime, initial.scheduledTime));
  const setBroadcast = (text: string) =>
    setValues((v) => ({
      ...v,
      broadcastTime: text,
      scheduledTime: (inStep && scheduledAtBroadcast(v.scheduledTime, text)) || v.scheduledTime,
    }));
  const setScheduled = (local: string) =>
    setValues((v) => ({
      ...v,
      scheduledTime: local,
      broadcastTime: (inStep && broadcastFromScheduled(local)) || v.broadcastTime,
    }));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setErrors(submit(values, stale.version));
  };
  const loadTheirs = () => {
    const theirs = stale.resolve();
    if (!theirs) return;
    setInitial(bulletinFormFrom(theirs));
    setValues(bulletinFormFrom(theirs));
  };
  const overwrite = () => {
    const theirs = stale.resolve();
    if (theirs) setErrors(submit(values, theirs.version));
  };

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="sm">
        {stale.conflict && (
          <ConflictNotice
            conflict={stale.conflict}
            record="bulletin"
            pending={pending}
            onLoadTheirs={loadTheirs}
            onOverwrite={overwrite}
          />
        )}
        <EditingNotice kind="bulletin" id={bulletin?.id} />
        <TextInput
          label="Title"
          required
          dir={textDirection(values.title)}
          maxLength={BULLETIN_LIMITS.title}
          value={values.title}
          onChange={(e) => set('title', e.currentTarget.value)}
          error={errors.title}
          data-autofocus
        />
        <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
          <TextInput
            label="Broadcast time"
            description="The clock time it goes on air; the running order is timed from it"
            required
            placeholder="09:00"
            maxLength={BULLETIN_LIMITS.broadcastTime}
            value={values.broadcastTime}
            onChange={(e) => setBroadcast(e.currentTarget.value)}
            error={errors.broadcastTime}
          />
          <NumberInput
            label="Duration (minutes)"
            description="The slot; over/under is measured against it"
            required
            min={1}
            max={BULLETIN_LIMITS.durationMinutes}
            allowDecimal={false}
            allowNegative={false}
            value={values.duration}
            onChange={(v) => set('duration', v)}
            error={errors.duration}
          />
          <TextInput
            label="Scheduled time"
            description="The day and time in the schedule (sorting, prompters)"
            required
            type="datetime-local"
            value={values.scheduledTime}
            onChange={(e) => setScheduled(e.currentTarget.value)}
            error={errors.scheduledTime}
          />
        </SimpleGrid>
        <Checkbox
          size="xs"
          label="Same clock for both: typing one fills in the other"
          checked={inStep}
          onChange={(e) => setInStep(e.currentTarget.checked)}
          data-testid="bulletin-times-in-step"
        />
        <BulletinItemsEditor
          items={values.items}
          slotMinutes={slot}
          error={errors.items}
          onChange={(items) => set('items', items)}
        />
        <Group justify="flex-end" mt="xs">
          <Button variant="default" onClick={requestClose}>
            Cancel
          </Button>
          <Button type="submit" loading={pending}>
            {bulletin ? 'Save Changes' : 'Create Bulletin'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
