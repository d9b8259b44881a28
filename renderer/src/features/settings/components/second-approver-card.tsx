import type { Settings } from '@shared/contracts/settings';
import { SwitchSettingCard } from './switch-setting-card';

/**
 * Issue 39: "a second person approves" — nobody approves a story they wrote, owners included
 * (docs/decisions.md). Off by default, as the spec has it. Saves at once, with the version.
 */
export function SecondApproverCard({ settings }: { settings: Settings }) {
  return (
    <SwitchSettingCard
      settings={settings}
      field="secondApprover"
      section={{
        title: 'News approval',
        description: 'Who may approve a story for air',
        testId: 'settings-second-approver',
      }}
      label="A second person approves"
      description="On: nobody approves a story they wrote — owners included; another owner, admin or editor does. Writers press Submit for approval and the approvers' bells say so. Off: editors may approve their own stories."
      saved={{ on: 'A second person now approves each story', off: 'Editors may approve their own stories again' }}
      failed="Failed to change the approval rule"
      switchTestId="second-approver-switch"
    />
  );
}
