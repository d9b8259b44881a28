import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { onAirTextProblem } from '@shared/on-air-rules';
import { GuardedModal, useModalDirty } from '@/lib/unsaved-guard';
import { useEmergencyOverride } from '../api/emergency-override';
import { toastCgFailure, toastEmergency } from '../cg-toast';
import { useEmergencyDialog } from '../emergency-dialog-store';
import { useHeadlineEditor } from '../headline-editor-store';
import { OnAirTextInput } from './on-air-text-input';

/** The emergency text airs as the emergency AND the headline: it must fit both templates. */
export function overrideProblem(text: string, subheadline: string): string | null {
  return onAirTextProblem('emergency', text) ?? onAirTextProblem('headline', text) ?? onAirTextProblem('subheadline', subheadline);
}

/** The lower third as it will air, so the operator reads it once more before pressing Override. */
function OverridePreview({ headline, subheadline }: { headline: string; subheadline: string }) {
  return (
    <Paper bg="black" p="xs" withBorder>
      <Text fw={800} c="white" dir="auto" truncate title={headline}>
        {headline || '\u00a0'}
      </Text>
      <Text size="sm" c="yellow.4" dir="auto" truncate title={subheadline}>
        {subheadline || '\u00a0'}
      </Text>
    </Paper>
  );
}

function OverrideForm({ onDone }: { onDone: () => void }) {
  // The text starts from the control panel's headline draft, as the spec's override did; edits
  // stay here. The subheadline starts empty: the draft's is usually the story on air now, which
  // must not air under the emergency unless the operator types it here (issue 22).
  const [text, setText] = useState(() => useHeadlineEditor.getState().headline);
  const [subheadline, setSubheadline] = useState('');
  const [initial] = useState(() => ({ text, subheadline }));
  const { requestClose } = useModalDirty(text !== initial.text || subheadline !== initial.subheadline);
  const mutation = useEmergencyOverride();
  const trimmed = text.trim();
  const problem = overrideProblem(trimmed, subheadline.trim());

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!trimmed || problem) return;
    mutation.mutate(
      { content: trimmed, headline: trimmed, subheadline: subheadline.trim() },
      {
        onSuccess: () => {
          toastEmergency();
          onDone();
        },
        onError: (error) => toastCgFailure('Error', 'Failed to activate emergency override', error),
      },
    );
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Text size="sm">This replaces what is on air now: emergency, headline and subheadline.</Text>
        <OnAirTextInput type="headline" label="Emergency text" value={text} onChange={setText} autoFocus />
        <OnAirTextInput type="subheadline" label="Subheadline" value={subheadline} onChange={setSubheadline} />
        <OverridePreview headline={trimmed} subheadline={subheadline.trim()} />
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={requestClose}>
            Cancel
          </Button>
          <Button type="submit" color="red" loading={mutation.isPending} disabled={!trimmed || problem !== null}>
            Override
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Emergency Override (spec 000 §2, §4): one text to emergency, headline and subheadline at once, after a look. */
export function EmergencyOverrideDialog() {
  const { opened, close } = useEmergencyDialog();
  return (
    <GuardedModal opened={opened} onClose={close} title="Activate emergency override?" size="lg">
      {opened && <OverrideForm onDone={close} />}
    </GuardedModal>
  );
}
