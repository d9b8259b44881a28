import { registerLiveEvent } from '@/lib/live-registry';
import { activityLogsQueryKey } from '@/features/activity-logs/api/get-activity-logs';
import { recycleBinQueryKey } from '@/features/recycle-bin/api/get-recycle-bin';
import { approvalRuleQueryKey } from './api/get-approval-rule';

/**
 * Keys that a news change touches beyond the ['/api/news'] prefix (which the shell already
 * refreshes): a delete fills the recycle bin, a restore or purge empties it, and every news
 * action writes a line of activity history.
 */
export function registerNewsLiveEvents(): () => void {
  const off = ['news_created', 'news_updated', 'news_deleted'].map((type) =>
    registerLiveEvent(type, { invalidate: [recycleBinQueryKey, activityLogsQueryKey] }),
  );
  // Issue 39: the station's "a second person approves" switch shows or hides Approve at once.
  off.push(registerLiveEvent('settings_updated', { invalidate: [approvalRuleQueryKey] }));
  return () => off.forEach((unregister) => unregister());
}
