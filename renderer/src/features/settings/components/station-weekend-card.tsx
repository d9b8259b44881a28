import { Button, Chip, Group, Text } from '@mantine/core';
import { useState } from 'react';
import type { Settings } from '@shared/contracts/settings';
import { WEEKDAY_NAMES, WEEKDAYS, weekendText, type Weekday } from '@shared/weekend-days';
import { errorMessage } from '@/lib/api-client';
import { showToast } from '@/lib/toast';
import { useUnsavedGuard } from '@/lib/unsaved-guard';
import { useVersionedSettingsSave } from '../hooks/use-versioned-settings-save';
import { SettingsSection } from '@/components/settings-section';

const sameDays = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((d) => b.includes(d));

/**
 * Station weekend (issue 39 point 13): the days users' weekend mode applies on. Until chosen they
 * follow the station's time zone (Friday–Saturday for Indian/Maldives), which the note says.
 */
export function StationWeekendCard({ settings }: { settings: Settings }) {
  const [days, setDays] = useState<string[]>(settings.weekendDays);
  const save = useVersionedSettingsSave(settings.version, () => setDays(settings.weekendDays));
  const changed = !sameDays(days, settings.weekendDays);
  const valid = days.length >= 1 && days.length <= 3;
  useUnsavedGuard(changed);
  const submit = () =>
    save.mutate(
      { weekendDays: days as Weekday[] },
      {
        onSuccess: (saved) =>
          showToast('Success', `The station's weekend is now ${weekendText(saved.weekendDays)}`, 'green'),
        onError: (error) => showToast('Failed to update the weekend days', errorMessage(error), 'red'),
      },
    );
  const source = settings.weekendDaysFromZone ? `the usual weekend for ${settings.timeZone}` : 'chosen by the station';
  return (
    <SettingsSection
      title="Station Weekend"
      description="Weekend mode in notification preferences applies on these days"
      testId="settings-weekend"
    >
      {save.notice}
      <Chip.Group multiple value={days} onChange={setDays}>
        <Group gap="xs" wrap="wrap" role="group" aria-label="Weekend days">
          {WEEKDAYS.map((d) => (
            <Chip key={d} value={d} size="sm" variant="light">
              {WEEKDAY_NAMES[d]}
            </Chip>
          ))}
        </Group>
      </Chip.Group>
      <Text size="sm" c={valid ? 'dimmed' : 'red.4'} mt="xs" data-testid="settings-weekend-note">
        {valid ? `Now ${weekendText(settings.weekendDays)} (${source}).` : 'Choose one to three days.'}
      </Text>
      <Group mt="sm">
        <Button onClick={submit} loading={save.isPending} disabled={!changed || !valid}>
          Save
        </Button>
      </Group>
    </SettingsSection>
  );
}
