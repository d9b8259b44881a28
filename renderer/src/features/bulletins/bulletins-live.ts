import { registerLiveEvent, type LiveEventType } from '@/lib/live-registry';
import { activityLogsQueryKey } from '@/lib/api/activity-logs/get-activity-logs';
import { bulletinsQueryKey } from '@/lib/api/bulletins/get-bulletins';
import { newsListQueryKey } from '@/lib/api/news/get-approved-news';

/**
 * Bulletin changes refresh the list (this page, CG preview bulletin mode, open editors' data).
 * News events already refresh bulletins (cg-live) and the approved list the editor picks from.
 */
export function registerBulletinsLiveEvents(): () => void {
  const off = (['bulletin_created', 'bulletin_updated', 'bulletin_deleted'] satisfies LiveEventType[]).map((type) =>
    registerLiveEvent(type, { invalidate: [bulletinsQueryKey, activityLogsQueryKey, newsListQueryKey('approved')] }),
  );
  return () => off.forEach((unregister) => unregister());
}
