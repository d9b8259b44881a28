import { Alert, Button, Group, NumberInput, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import type { BackupSettings } from '@shared/contracts/backups';
import { errorMessage } from '@/lib/api-client';
import { useSaveBackupSettings } from '../api/backups-api';

/** Interval, retention and the off-PC folder; the server checks the folder with a real write. */
export function BackupSettingsForm({ settings }: { settings: BackupSettings }) {
  const [values, setValues] = useState(settings);
  const save = useSaveBackupSettings();
  const num = (key: keyof Omit<BackupSettings, 'offsiteFolder'>) => (v: string | number) =>
    setValues((s) => ({ ...s, [key]: Number(v) || 0 }));
  return (
    <Stack gap="sm">
      <Group grow>
        <NumberInput
          label="Back up every (minutes)"
          min={15}
          max={1440}
          value={values.intervalMinutes}
          onChange={num('intervalMinutes')}
        />
        <NumberInput label="Keep hourly" min={1} value={values.keepHourly} onChange={num('keepHourly')} />
        <NumberInput label="Keep daily" min={0} value={values.keepDaily} onChange={num('keepDaily')} />
        <NumberInput label="Keep weekly" min={0} value={values.keepWeekly} onChange={num('keepWeekly')} />
      </Group>
      <TextInput
        label="Off-PC backup folder"
        description="A second disk or a network share (\\nas\cg-bridge on Windows, a mounted folder on Linux). Every backup is copied there too; empty = none."
        placeholder="D:\Backups or \\nas\cg-bridge"
        value={values.offsiteFolder ?? ''}
        onChange={(e) => setValues((s) => ({ ...s, offsiteFolder: e.currentTarget.value.trim() || null }))}
      />
      {save.error && <Alert color="red">{errorMessage(save.error, 'The settings were not saved')}</Alert>}
      {save.isSuccess && <Alert color="green">Saved.</Alert>}
      <Group>
        <Button loading={save.isPending} onClick={() => save.mutate(values)}>
          Save backup settings
        </Button>
      </Group>
    </Stack>
  );
}
