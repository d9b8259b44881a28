import { Button, Group, NumberInput } from '@mantine/core';
import { useState } from 'react';
import { AS_RUN_RETENTION_LIMITS } from '@shared/contracts/as-run';
import type { Settings } from '@shared/contracts/settings';
import { errorMessage } from '@/lib/api-client';
import { showToast } from '@/lib/toast';
import { useUnsavedGuard } from '@/lib/unsaved-guard';
import { useVersionedSettingsSave } from '../hooks/use-versioned-settings-save';
import { SettingsSection } from './settings-section';

/** How long the as-run log keeps its rows (issue 25: 90 days unless the station says otherwise). */
export function AsRunRetentionCard({ settings }: { settings: Settings }) {
  const [days, setDays] = useState<number | string>(settings.asRunRetentionDays);
  const save = useVersionedSettingsSave(settings.version, () => setDays(settings.asRunRetentionDays));
  const valid = typeof days === 'number' && Number.isInteger(days) && days >= AS_RUN_RETENTION_LIMITS.min && days <= AS_RUN_RETENTION_LIMITS.max;
  const changed = days !== settings.asRunRetentionDays;
  useUnsavedGuard(changed);
  const submit = () => {
    if (typeof days !== 'number') return;
    save.mutate(
      { asRunRetentionDays: days },
      {
        onSuccess: (saved) => showToast('Success', `The as-run log now keeps ${saved.asRunRetentionDays} days`, 'green'),
        onError: (error) => showToast('Failed to update the as-run retention', errorMessage(error), 'red'),
      },
    );
  };
  return (
    <SettingsSection title="As-Run Log" description="Rows older than this are removed once a day" testId="settings-as-run">
      {save.notice}
      <Group align="flex-end" gap="sm" wrap="wrap">
        <NumberInput
          label="Keep for (days)"
          value={days}
          onChange={setDays}
          min={AS_RUN_RETENTION_LIMITS.min}
          max={AS_RUN_RETENTION_LIMITS.max}
          allowDecimal={false}
          allowNegative={false}
          w={180}
          error={changed && !valid ? `Between ${AS_RUN_RETENTION_LIMITS.min} and ${AS_RUN_RETENTION_LIMITS.max} days` : undefined}
        />
        <Button onClick={submit} loading={save.isPending} disabled={!changed || !valid}>
          Save
        </Button>
      </Group>
    </SettingsSection>
  );
}
