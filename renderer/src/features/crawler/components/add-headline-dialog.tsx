import { Button, Group } from '@mantine/core';
import { useState } from 'react';
import { OnAirTextInput, canAir } from '@/components/cg/on-air-text-input';
import { GuardedModal, useModalDirty } from '@/lib/unsaved-guard';

interface AddHeadlineDialogProps {
  opened: boolean;
  pending: boolean;
  onClose: () => void;
  /** Called with the text; the dialog closes (and so clears) when `done` is called. */
  onAdd: (headline: string, done: () => void) => void;
}

function AddHeadlineForm({ pending, onClose, onAdd }: Omit<AddHeadlineDialogProps, 'opened'>) {
  const [text, setText] = useState('');
  // Typed text asks before it is thrown away (Escape, overlay, close button, Cancel).
  const { requestClose } = useModalDirty(text.trim() !== '');
  const canAdd = canAir('news_crawler', text) && !pending;
  const submit = () => {
    if (canAdd) onAdd(text, onClose);
  };
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <OnAirTextInput
        type="news_crawler"
        oneLine
        label="Headline Text"
        placeholder="Enter headline text..."
        value={text}
        onChange={setText}
        autoFocus
      />
      <Group justify="flex-end" mt="md" gap="xs">
        <Button variant="default" onClick={requestClose}>
          Cancel
        </Button>
        <Button type="submit" disabled={!canAdd} loading={pending}>
          Add Headline
        </Button>
      </Group>
    </form>
  );
}

/** 'Add New Headline' (docs/product.md §Screens and routes): Add is disabled while the text is blank, breaks the ticker's rule, or a call runs. */
export function AddHeadlineDialog({ opened, ...form }: AddHeadlineDialogProps) {
  return (
    <GuardedModal opened={opened} onClose={form.onClose} title="Add New Headline" centered>
      {opened && <AddHeadlineForm {...form} />}
    </GuardedModal>
  );
}
