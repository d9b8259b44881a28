import { Switch } from '@mantine/core';
import type { Settings } from '@shared/contracts/settings';
import { errorMessage } from '@/lib/api-client';
import { showToast } from '@/lib/toast';
import { useVersionedSettingsSave } from '../hooks/use-versioned-settings-save';
import { SettingsSection } from './settings-section';

/**
 * Issue 39: "a second person approves" — nobody approves a story they wrote, owners included
 * (docs/decisions.md). Off by default, as the spec has it. Saves at once, with the version.
 */
export function SecondApproverCard({ settings }: { settings: Settings }) {
  const save = useVersionedSettingsSave(settings.version, () => undefined);
  const toggle = (on: boolean) =>
    save.mutate(
      { secondApprover: on },
      {
        onSuccess: (saved) =>
          showToast('Success', saved.secondApprover ? 'A second person now approves each story' : 'Editors may approve their own stories again', 'green'),
        onError: (error) => showToast('Failed to change the approval rule', errorMessage(error), 'red'),
      },
    );
  return (
    <SettingsSection title="News approval" description="Who may approve a story for air" testId="settings-second-approver">
      {save.notice}
      <Switch
        size="md"
        label="A second person approves"
        description="On: nobody approves a story they wrote — owners included; another owner, admin or editor does. Writers press Submit for approval and the approvers' bells say so. Off: editors may approve their own stories."
        checked={settings.secondApprover}
        disabled={save.isPending}
        onChange={(e) => toggle(e.currentTarget.checked)}
        data-testid="second-approver-switch"
      />
    </SettingsSection>
  );
}
