import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useEmergencyOverride } from '../api/emergency-override';
import { toastCgFailure, toastEmergency } from '../cg-toast';
import { useHeadlineEditor } from '../headline-editor-store';

function ConfirmBody({ headline, subheadline }: { headline: string; subheadline: string }) {
  return (
    <Stack gap={6}>
      <Text size="sm">This replaces what is on air now: emergency, headline and subheadline.</Text>
      <Paper bg="black" p="xs" withBorder>
        <Text fw={800} c="white" dir="auto">
          {headline}
        </Text>
        {subheadline && (
          <Text size="sm" c="yellow.4" dir="auto">
            {subheadline}
          </Text>
        )}
      </Paper>
    </Stack>
  );
}

/** Emergency Override (spec 000 §2, §4): the Headline input goes to emergency, headline and subheadline at once. */
export function EmergencyOverrideBox() {
  const headline = useHeadlineEditor((s) => s.headline).trim();
  const subheadline = useHeadlineEditor((s) => s.subheadline).trim();
  const mutation = useEmergencyOverride();

  const fire = () =>
    mutation.mutate(
      { content: headline, headline, subheadline },
      { onSuccess: toastEmergency, onError: (error) => toastCgFailure('Error', 'Failed to activate emergency override', error) },
    );
  // A confirm step: one stray click must not replace the programme's graphics.
  const confirm = () =>
    modals.openConfirmModal({
      title: 'Activate emergency override?',
      children: <ConfirmBody headline={headline} subheadline={subheadline} />,
      labels: { confirm: 'Override', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: fire,
    });

  return (
    <Paper withBorder p="sm" radius="sm" bg="rgba(224, 49, 49, 0.08)" style={{ borderColor: 'var(--mantine-color-red-8)' }}>
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Group gap="xs" wrap="nowrap" style={{ flex: 1, minWidth: 0 }}>
          <IconAlertTriangle size={20} color="var(--mantine-color-red-5)" style={{ flex: 'none' }} />
          <div style={{ minWidth: 0 }}>
            <Text fw={700} size="sm" c="red.4">
              Emergency Override
            </Text>
            <Text size="xs" c="dimmed">
              Instantly override current CG with breaking news
            </Text>
          </div>
        </Group>
        <Button color="red" style={{ flex: 'none' }} onClick={confirm} loading={mutation.isPending} disabled={!headline} title={headline ? undefined : 'Type a headline first'}>
          Override
        </Button>
      </Group>
    </Paper>
  );
}
