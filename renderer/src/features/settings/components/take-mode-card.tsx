import { Text } from '@mantine/core';
import type { Settings } from '@shared/contracts/settings';
import { SwitchSettingCard } from './switch-setting-card';

/**
 * Take mode (issue 25): sends from CG Control, the preview, the crawler and Telegram wait in NEXT
 * until an operator takes them. The switch saves at once (one field), with the settings version.
 */
export function TakeModeCard({ settings }: { settings: Settings }) {
  return (
    <SwitchSettingCard
      settings={settings}
      field="takeMode"
      section={{
        title: 'Preview and Take',
        description: 'Stage CG changes in NEXT and send them to air with Take',
        testId: 'settings-take-mode',
      }}
      label="Take mode"
      description="On: CG Control, the preview, the crawler and Telegram /addcgbar stage into NEXT; Take (or Enter) airs it. The emergency override and the prompter always air at once."
      saved={{
        on: 'Take mode is on: CG sends wait in NEXT until Take',
        off: 'Take mode is off: CG sends go straight to air',
      }}
      failed="Failed to change take mode"
      switchTestId="take-mode-switch"
    >
      {!settings.takeMode && (
        <Text size="xs" c="dimmed" mt="xs">
          Off: every send goes straight to air. Switching off discards what is in NEXT.
        </Text>
      )}
    </SwitchSettingCard>
  );
}
