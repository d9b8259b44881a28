import { registerLiveEvent, type LiveEventType } from '@/lib/live-registry';
import { activityLogsQueryKey } from '@/features/activity-logs/api/get-activity-logs';
import { bulletinsQueryKey } from '@/features/cg-control/api/get-bulletins';
import { newsListQueryKey } from '@/features/cg-control/api/get-approved-news';

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
