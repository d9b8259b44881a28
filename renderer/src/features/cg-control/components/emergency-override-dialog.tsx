import { Button, Group, Stack, Text } from '@mantine/core';
import { useMemo, useState, type FormEvent } from 'react';
import { onAirTextProblem } from '@shared/on-air-rules';
import { GuardedModal, useModalDirty } from '@/lib/unsaved-guard';
import { useEmergencyOverride } from '../api/emergency-override';
import { toastCgFailure, toastEmergency } from '@/lib/cg/cg-toast';
import { useEmergencyDialog } from '../emergency-dialog-store';
import { EmergencySlatePreview } from './emergency-slate-preview';
import { LowerThirdPreview } from '@/components/cg/lower-third-preview';
import { OnAirTextInput } from '@/components/cg/on-air-text-input';

/** The emergency text airs as the emergency AND the headline: it must fit both templates. */
export function overrideProblem(text: string, subheadline: string): string | null {
  return (
    onAirTextProblem('emergency', text) ??
    onAirTextProblem('headline', text) ??
    onAirTextProblem('subheadline', subheadline)
  );
}

/**
 * What the full-screen slate shows (issue 38, point 7): the emergency text and, on a line under
 * it, the second line — the slate covers the lower third, so a line meant for viewers must be on
 * the slate itself. emergency.txt is multi-line (up to 3 lines), so graphics programs get both.
 */
export const slateText = (text: string, subheadline: string): string =>
  subheadline ? `${text}\n${subheadline}` : text;

function OverrideForm({ onDone }: { onDone: () => void }) {
  // Both start empty (issue 38): the control panel's draft is usually the story on air, and an
  // emergency must not air with a story's words the operator did not type here.
  const [text, setText] = useState('');
  const [subheadline, setSubheadline] = useState('');
  const { requestClose } = useModalDirty(text !== '' || subheadline !== '');
  const mutation = useEmergencyOverride();
  const trimmed = text.trim();
  const second = subheadline.trim();
  const problem = overrideProblem(trimmed, second);
  const slate = useMemo(
    () => ({ emergency: slateText(trimmed, second), headline: trimmed, subheadline: second }),
    [trimmed, second],
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!trimmed || problem) return;
    mutation.mutate(
      { content: slate.emergency, headline: trimmed, subheadline: second },
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
        <Text size="sm">
          The full-screen slate covers everything on air and shows the emergency text with the second line under it. The
          lower third gets the same two lines as headline and subheadline.
        </Text>
        <OnAirTextInput type="headline" label="Emergency text" value={text} onChange={setText} autoFocus />
        <OnAirTextInput type="subheadline" label="Subheadline" value={subheadline} onChange={setSubheadline} />
        <Text size="xs" fw={700} tt="uppercase" c="dimmed">
          Full-screen slate
        </Text>
        <EmergencySlatePreview texts={slate} />
        <Text size="xs" fw={700} tt="uppercase" c="dimmed">
          Lower third (headline, subheadline)
        </Text>
        <LowerThirdPreview headline={trimmed} subheadline={second} />
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

/** Emergency Override (docs/product.md §Screens and routes, §States): the slate, headline and subheadline at once, after a look. */
export function EmergencyOverrideDialog() {
  const { opened, close } = useEmergencyDialog();
  return (
    <GuardedModal opened={opened} onClose={close} title="Activate emergency override?" size="lg">
      {opened && <OverrideForm onDone={close} />}
    </GuardedModal>
  );
}
