import { Button, Group, NumberInput } from '@mantine/core';
import { useState } from 'react';
import type { Settings } from '@shared/contracts/settings';
import { errorMessage } from '@/lib/api-client';
import { showToast } from '@/lib/toast';
import { useUnsavedGuard } from '@/lib/unsaved-guard';
import { useVersionedSettingsSave } from '../hooks/use-versioned-settings-save';
import { SettingsSection } from '@/components/settings-section';

/** The station settings that are one whole number in a range (how long things are kept). */
type WholeNumberField = 'recycleBinHours' | 'asRunRetentionDays';

export interface WholeNumberSettingProps {
  settings: Settings;
  field: WholeNumberField;
  limits: { min: number; max: number };
  /** Plural unit for the range error ("hours", "days"). */
  unit: string;
  title: string;
  description: string;
  testId: string;
  label: string;
  width: number;
  saved: (value: number) => string;
  failed: string;
}

/** One station setting that is a whole number: the field, its range check, Save with the version seen. */
export function WholeNumberSettingCard({
  settings,
  field,
  limits,
  unit,
  title,
  description,
  testId,
  label,
  width,
  saved,
  failed,
}: WholeNumberSettingProps) {
  const [value, setValue] = useState<number | string>(settings[field]);
  const save = useVersionedSettingsSave(settings.version, () => setValue(settings[field]));
  const valid = typeof value === 'number' && Number.isInteger(value) && value >= limits.min && value <= limits.max;
  const changed = value !== settings[field];
  useUnsavedGuard(changed);
  const submit = () => {
    if (typeof value !== 'number') return;
    save.mutate(
      { [field]: value },
      {
        onSuccess: (response) => showToast('Success', saved(response[field]), 'green'),
        onError: (error) => showToast(failed, errorMessage(error), 'red'),
      },
    );
  };
  return (
    <SettingsSection title={title} description={description} testId={testId}>
      {save.notice}
      <Group align="flex-end" gap="sm" wrap="wrap">
        <NumberInput
          label={label}
          value={value}
          onChange={setValue}
          min={limits.min}
          max={limits.max}
          allowDecimal={false}
          allowNegative={false}
          w={width}
          error={changed && !valid ? `Between ${limits.min} and ${limits.max} ${unit}` : undefined}
        />
        <Button onClick={submit} loading={save.isPending} disabled={!changed || !valid}>
          Save
        </Button>
      </Group>
    </SettingsSection>
  );
}
