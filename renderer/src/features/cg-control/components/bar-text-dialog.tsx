import { Button, Group, Modal, Stack } from '@mantine/core';
import { useState } from 'react';
import { OnAirTextInput, canAir } from './on-air-text-input';

interface BarTextDialogProps {
  type: 'hashtag_bar' | 'program_bar';
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
export function BarTextDialog({ type, opened, title, label, confirmLabel, defaultText, pending, onSubmit, onClose }: BarTextDialogProps) {
  const [text, setText] = useState(defaultText);
  return (
    <Modal opened={opened} onClose={onClose} title={title} size="sm">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (canAir(type, text)) onSubmit(text);
        }}
      >
        <Stack gap="sm">
          <OnAirTextInput type={type} label={label} value={text} onChange={setText} autoFocus />
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={pending} disabled={!canAir(type, text)}>
              {confirmLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
