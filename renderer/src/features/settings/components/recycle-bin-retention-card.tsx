import type { Settings } from '@shared/contracts/settings';
import { RECYCLE_BIN_HOURS, retentionText } from '@shared/recycle-bin-retention';
import { WholeNumberSettingCard } from './whole-number-setting-card';

/** How long deleted stories stay restorable (issue 39 point 4: the spec's 2 hours, or longer). */
export function RecycleBinRetentionCard({ settings }: { settings: Settings }) {
  return (
    <WholeNumberSettingCard
      settings={settings}
      field="recycleBinHours"
      limits={RECYCLE_BIN_HOURS}
      unit="hours"
      title="Recycle Bin"
      description="Stories deleted from now on stay restorable this long"
      testId="settings-recycle-bin"
      label="Keep deleted stories (hours)"
      width={220}
      saved={(hours) => `Deleted stories are now kept ${retentionText(hours)}`}
      failed="Failed to update the recycle bin time"
    />
  );
}
