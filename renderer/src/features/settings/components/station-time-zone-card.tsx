import { Button, Group } from '@mantine/core';
import { useState } from 'react';
import type { Settings } from '@shared/contracts/settings';
import { utcOffsetText } from '@shared/time-zones';
import { TimeZoneSelect } from '@/components/time-zone-select';
import { errorMessage } from '@/lib/api-client';
import { showToast } from '@/lib/toast';
import { useUnsavedGuard } from '@/lib/unsaved-guard';
import { useVersionedSettingsSave } from '../hooks/use-versioned-settings-save';
import { SettingsSection } from '@/components/settings-section';

/**
 * Station time zone (issue 22 point 20): the zone users' quiet hours run in until they pick their
 * own. Users who already chose a zone keep theirs.
 */
export function StationTimeZoneCard({ settings }: { settings: Settings }) {
  const [zone, setZone] = useState(settings.timeZone);
  const save = useVersionedSettingsSave(settings.version, () => setZone(settings.timeZone));
  const changed = zone !== settings.timeZone;
  useUnsavedGuard(changed);
  const submit = () =>
    save.mutate(
      { timeZone: zone },
      {
        onSuccess: (saved) => showToast('Success', `Station time zone set to ${saved.timeZone}`, 'green'),
        onError: (error) => showToast('Failed to update the station time zone', errorMessage(error), 'red'),
      },
    );
  return (
    <SettingsSection
      title="Station Time Zone"
      description="Quiet hours run in this zone for everyone who has not chosen their own"
      testId="settings-time-zone"
    >
      {save.notice}
      <Group align="flex-end" gap="sm" wrap="wrap">
        <TimeZoneSelect
          label="Time zone"
          value={zone}
          onChange={setZone}
          description={`Now ${utcOffsetText(zone, new Date())}`}
        />
        <Button onClick={submit} loading={save.isPending} disabled={!changed}>
          Save
        </Button>
      </Group>
    </SettingsSection>
  );
}
