import { Button, Group, Modal } from '@mantine/core';
import { useState } from 'react';
import { OnAirTextInput, canAir } from '@/features/cg-control/components/on-air-text-input';

interface AddHeadlineDialogProps {
  opened: boolean;
  pending: boolean;
  onClose: () => void;
  /** Called with the text; the dialog closes and clears itself when `done` is called. */
  onAdd: (headline: string, done: () => void) => void;
}

/** 'Add New Headline' (spec 000 §2): Add is disabled while the text is blank, breaks the ticker's rule, or a call runs. */
export function AddHeadlineDialog({ opened, pending, onClose, onAdd }: AddHeadlineDialogProps) {
  const [text, setText] = useState('');
  const canAdd = canAir('news_crawler', text) && !pending;

  const submit = () => {
    if (!canAdd) return;
    onAdd(text, () => {
      setText('');
      onClose();
    });
  };

  return (
    <Modal opened={opened} onClose={onClose} title="Add New Headline" centered>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <OnAirTextInput type="news_crawler" oneLine label="Headline Text" placeholder="Enter headline text..." value={text} onChange={setText} autoFocus />
        <Group justify="flex-end" mt="md" gap="xs">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={!canAdd} loading={pending}>
            Add Headline
          </Button>
        </Group>
      </form>
    </Modal>
  );
}
