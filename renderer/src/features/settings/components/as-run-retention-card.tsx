import { AS_RUN_RETENTION_LIMITS } from '@shared/contracts/as-run';
import type { Settings } from '@shared/contracts/settings';
import { WholeNumberSettingCard } from './whole-number-setting-card';

/** How long the as-run log keeps its rows (issue 25: 90 days unless the station says otherwise). */
export function AsRunRetentionCard({ settings }: { settings: Settings }) {
  return (
    <WholeNumberSettingCard
      settings={settings}
      field="asRunRetentionDays"
      limits={AS_RUN_RETENTION_LIMITS}
      unit="days"
      title="As-Run Log"
      description="Rows older than this are removed once a day"
      testId="settings-as-run"
      label="Keep for (days)"
      width={180}
      saved={(days) => `The as-run log now keeps ${days} days`}
      failed="Failed to update the as-run retention"
    />
  );
}
