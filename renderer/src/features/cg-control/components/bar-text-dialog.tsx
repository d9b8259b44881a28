import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';

interface BarTextDialogProps {
  opened: boolean;
  title: string;
  label: string;
  confirmLabel: string;
  defaultText: string;
  pending: boolean;
  onSubmit: (text: string) => void;
  onClose: () => void;
}

/** The Hashtag and Program dialogs (spec 000 §2): one text, one button that sends it. */
export function BarTextDialog({ opened, title, label, confirmLabel, defaultText, pending, onSubmit, onClose }: BarTextDialogProps) {
  const [text, setText] = useState(defaultText);
  return (
    <Modal opened={opened} onClose={onClose} title={title} size="sm">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          onSubmit(text);
        }}
      >
        <Stack gap="sm">
          <TextInput label={label} value={text} onChange={(e) => setText(e.currentTarget.value)} dir="auto" data-autofocus />
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={pending} disabled={!text.trim()}>
              {confirmLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
