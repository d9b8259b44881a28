import { Alert, Button, Center, Group, Loader, Stack, Text } from '@mantine/core';
import { IconArrowLeft, IconArrowRight, IconDeviceFloppy } from '@tabler/icons-react';
import type { NotificationPreferences } from '@shared/contracts/notification-preferences';
import type { Role } from '@shared/roles';
import { PageTitle } from '@/app/page-title';
import { useCurrentUser } from '@/lib/session-store';
import { errorMessage, HttpError } from '@/lib/api-client';
import { showToast } from '@/lib/toast';
import { useUnsavedGuard } from '@/lib/unsaved-guard';
import { usePreferences, useSavePreferences, useSendTestNotification } from '../api/notification-preferences';
import { EquipmentStep, NewsStep, ScheduleStep, SystemStep } from '../components/preference-steps';
import { ReviewStep } from '../components/review-step';
import { WizardProgress } from '../components/wizard-progress';
import { STEP_COUNT, stepHasErrors, usePreferencesWizard } from '../hooks/use-preferences-wizard';

const UPDATE_FAILED = 'Failed to update your notification preferences. Please try again.';

function Wizard({ userId, role, saved }: { userId: number; role: Role; saved: NotificationPreferences }) {
  const wizard = usePreferencesWizard(saved, role);
  const save = useSavePreferences(userId);
  const test = useSendTestNotification();
  useUnsavedGuard(wizard.dirty);
  const { step, errors } = wizard;
  const last = step === STEP_COUNT - 1;

  const onSave = () =>
    save.mutate(wizard.body(), {
      onSuccess: (stored) => {
        wizard.reset(stored);
        showToast('Preferences Updated', 'Your notification preferences have been updated.', 'green');
      },
      onError: () => showToast('Update Failed', UPDATE_FAILED, 'red'),
    });
  const onTest = () =>
    test.mutate(undefined, {
      onSuccess: (r) =>
        r.success
          ? showToast('Test Notification Sent', r.message ?? 'Check your Telegram chat.', 'green')
          : showToast('Test Failed', r.error ?? 'Failed to send test notification', 'red'),
      onError: (e) =>
        e instanceof HttpError
          ? showToast('Test Failed', errorMessage(e, 'Failed to send test notification'), 'red')
          : showToast('Test Error', errorMessage(e, 'Failed to send test notification'), 'red'),
    });

  const steps = [NewsStep, EquipmentStep, SystemStep, ScheduleStep];
  const StepBody = steps[step];
  return (
    <Stack gap="md">
      <WizardProgress step={step} onPick={wizard.setStep} />
      {StepBody ? (
        <StepBody wizard={wizard} />
      ) : (
        <ReviewStep draft={wizard.draft} hidden={wizard.hidden} onTest={onTest} testing={test.isPending} />
      )}
      <Group justify="space-between">
        <Button
          variant="default"
          leftSection={<IconArrowLeft size={16} />}
          onClick={wizard.previous}
          disabled={step === 0}
        >
          Previous
        </Button>
        {last ? (
          <Button
            leftSection={<IconDeviceFloppy size={16} />}
            onClick={onSave}
            loading={save.isPending}
            disabled={stepHasErrors(step, errors)}
          >
            Save Preferences
          </Button>
        ) : (
          <Button
            rightSection={<IconArrowRight size={16} />}
            onClick={wizard.next}
            disabled={stepHasErrors(step, errors)}
          >
            Next
          </Button>
        )}
      </Group>
    </Stack>
  );
}

/** /notifications — the personal notification preferences wizard (docs/product.md §Screens and routes, 5 steps). */
export default function NotificationPreferencesPage() {
  const user = useCurrentUser();
  const prefs = usePreferences(user.id);
  return (
    <Stack gap="md" maw={1100}>
      <PageTitle title="Notification Preferences" description="Choose what reaches you, where, and when" />
      {prefs.isPending && (
        <Center py="xl">
          <Group gap="sm">
            <Loader size="sm" />
            <Text c="dimmed">Loading your preferences...</Text>
          </Group>
        </Center>
      )}
      {prefs.isError && (
        <Alert color="red" title="Could not load your preferences">
          {errorMessage(prefs.error, 'Please try again.')}
        </Alert>
      )}
      {prefs.data && <Wizard key={user.id} userId={user.id} role={user.role} saved={prefs.data} />}
    </Stack>
  );
}
