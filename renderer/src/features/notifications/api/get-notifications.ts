import { queryOptions, useQuery } from '@tanstack/react-query';
import type { NotificationsResponse } from '@shared/contracts/notifications';

/** News and equipment live events invalidate this key (notifications-live.ts). */
export const notificationsQueryKey = ['/api/notifications'] as const;

/** Breaking news leaves the bell 2 h after it was filed, which sends no event: a minute's poll. */
const AGE_OUT_REFRESH_MS = 60_000;

export function useNotifications() {
  return useQuery(
    queryOptions<NotificationsResponse>({ queryKey: notificationsQueryKey, refetchInterval: AGE_OUT_REFRESH_MS }),
  );
}
