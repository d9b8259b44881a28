import { registerLiveEvent, type LiveEventType } from '@/lib/live-registry';
import { activityLogsQueryKey } from '@/lib/api/activity-logs/get-activity-logs';
import { recycleBinQueryKey } from '@/lib/api/recycle-bin/get-recycle-bin';
import { approvalRuleQueryKey } from './api/get-approval-rule';

/**
 * The one registration of the news events: the ['/api/news'] lists and the dashboard tiles, and
 * beyond them a delete fills the recycle bin, a restore or purge empties it, and every news
 * action writes a line of activity history.
 */
export function registerNewsLiveEvents(): () => void {
  const off = (['news_created', 'news_updated', 'news_deleted'] satisfies LiveEventType[]).map((type) =>
    registerLiveEvent(type, {
      invalidate: [['/api/news'], ['/api/dashboard/stats'], recycleBinQueryKey, activityLogsQueryKey],
    }),
  );
  // Issue 39: the station's "a second person approves" switch shows or hides Approve at once.
  off.push(registerLiveEvent('settings_updated', { invalidate: [approvalRuleQueryKey] }));
  return () => off.forEach((unregister) => unregister());
}
