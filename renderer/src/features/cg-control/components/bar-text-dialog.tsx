import { Button, Group, Stack } from '@mantine/core';
import { useState } from 'react';
import { GuardedModal, useModalDirty } from '@/lib/unsaved-guard';
import { OnAirTextInput, canAir } from '@/components/cg/on-air-text-input';

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

type BarTextFormProps = Pick<
  BarTextDialogProps,
  'type' | 'label' | 'confirmLabel' | 'defaultText' | 'pending' | 'onSubmit'
>;

function BarTextForm({ type, label, confirmLabel, defaultText, pending, onSubmit }: BarTextFormProps) {
  const [text, setText] = useState(defaultText);
  // Typed text asks before it is thrown away (Escape, overlay, close button, Cancel).
  const { requestClose } = useModalDirty(text !== defaultText);
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (canAir(type, text)) onSubmit(text);
      }}
    >
      <Stack gap="sm">
        <OnAirTextInput type={type} label={label} value={text} onChange={setText} autoFocus />
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={requestClose}>
            Cancel
          </Button>
          <Button type="submit" loading={pending} disabled={!canAir(type, text)}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The Hashtag and Program dialogs (docs/product.md §Screens and routes): one text, one button that sends it. */
export function BarTextDialog({ opened, title, onClose, ...form }: BarTextDialogProps) {
  return (
    <GuardedModal opened={opened} onClose={onClose} title={title} size="sm">
      {opened && <BarTextForm {...form} />}
    </GuardedModal>
  );
}
