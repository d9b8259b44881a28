import { Button, Group, Modal, TextInput } from '@mantine/core';
import { useState } from 'react';
import { CRAWLER_HEADLINE_MAX } from '@shared/constants';
// Mantine puts an input's dir on its wrapper, where "auto" sees no text: compute it instead.
import { textDirection } from '@/features/news/text-direction';

interface AddHeadlineDialogProps {
  opened: boolean;
  pending: boolean;
  onClose: () => void;
  /** Called with the text; the dialog closes and clears itself when `done` is called. */
  onAdd: (headline: string, done: () => void) => void;
}

/** 'Add New Headline' (spec 000 §2): Add is disabled while the text is blank or a call runs. */
export function AddHeadlineDialog({ opened, pending, onClose, onAdd }: AddHeadlineDialogProps) {
  const [text, setText] = useState('');
  const canAdd = text.trim().length > 0 && !pending;

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
        <TextInput
          label="Headline Text"
          placeholder="Enter headline text..."
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          maxLength={CRAWLER_HEADLINE_MAX}
          dir={textDirection(text)}
          data-autofocus
        />
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
