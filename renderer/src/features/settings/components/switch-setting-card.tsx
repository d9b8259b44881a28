import { Switch } from '@mantine/core';
import type { ReactNode } from 'react';
import type { Settings } from '@shared/contracts/settings';
import { errorMessage } from '@/lib/api-client';
import { showToast } from '@/lib/toast';
import { useVersionedSettingsSave } from '../hooks/use-versioned-settings-save';
import { SettingsSection } from '@/components/settings-section';

type SwitchField = 'takeMode' | 'secondApprover';

interface SwitchSettingCardProps {
  settings: Settings;
  field: SwitchField;
  section: { title: string; description: string; testId: string };
  label: string;
  description: string;
  /** The toast after saving, for the new state. */
  saved: { on: string; off: string };
  failed: string;
  switchTestId: string;
  children?: ReactNode;
}

/** One station switch in its own card: saved at once (one field) with the settings version. */
export function SwitchSettingCard({
  settings,
  field,
  section,
  label,
  description,
  saved,
  failed,
  switchTestId,
  children,
}: SwitchSettingCardProps) {
  const save = useVersionedSettingsSave(settings.version, () => undefined);
  const toggle = (on: boolean) =>
    save.mutate(
      { [field]: on },
      {
        onSuccess: (next) => showToast('Success', next[field] ? saved.on : saved.off, 'green'),
        onError: (error) => showToast(failed, errorMessage(error), 'red'),
      },
    );
  return (
    <SettingsSection title={section.title} description={section.description} testId={section.testId}>
      {save.notice}
      <Switch
        size="md"
        label={label}
        description={description}
        checked={settings[field]}
        disabled={save.isPending}
        onChange={(e) => toggle(e.currentTarget.checked)}
        data-testid={switchTestId}
      />
      {children}
    </SettingsSection>
  );
}
