import { Switch, Text } from '@mantine/core';
import type { Settings } from '@shared/contracts/settings';
import { errorMessage } from '@/lib/api-client';
import { showToast } from '@/lib/toast';
import { useVersionedSettingsSave } from '../hooks/use-versioned-settings-save';
import { SettingsSection } from './settings-section';

/**
 * Take mode (issue 25): sends from CG Control, the preview, the crawler and Telegram wait in NEXT
 * until an operator takes them. The switch saves at once (one field), with the settings version.
 */
export function TakeModeCard({ settings }: { settings: Settings }) {
  const save = useVersionedSettingsSave(settings.version, () => undefined);
  const toggle = (on: boolean) =>
    save.mutate(
      { takeMode: on },
      {
        onSuccess: (saved) => showToast('Success', saved.takeMode ? 'Take mode is on: CG sends wait in NEXT until Take' : 'Take mode is off: CG sends go straight to air', 'green'),
        onError: (error) => showToast('Failed to change take mode', errorMessage(error), 'red'),
      },
    );
  return (
    <SettingsSection title="Preview and Take" description="Stage CG changes in NEXT and send them to air with Take" testId="settings-take-mode">
      {save.notice}
      <Switch
        size="md"
        label="Take mode"
        description="On: CG Control, the preview, the crawler and Telegram /addcgbar stage into NEXT; Take (or Enter) airs it. The emergency override and the prompter always air at once."
        checked={settings.takeMode}
        disabled={save.isPending}
        onChange={(e) => toggle(e.currentTarget.checked)}
        data-testid="take-mode-switch"
      />
      {!settings.takeMode && (
        <Text size="xs" c="dimmed" mt="xs">
          Off: every send goes straight to air. Switching off discards what is in NEXT.
        </Text>
      )}
    </SettingsSection>
  );
}
