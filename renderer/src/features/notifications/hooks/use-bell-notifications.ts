import { useEffect, useRef } from 'react';
import { NEW_NOTIFICATION_TOAST_MS } from '@shared/constants';
import type { NotificationsResponse } from '@shared/contracts/notifications';
import { showNoticeToast } from '@/lib/toast';
import { useNotifications } from '../api/get-notifications';
import { newNotificationsText } from '../new-notification-toast';

const EMPTY: NotificationsResponse = { total: 0, items: [] };

/**
 * The bell's list from GET /api/notifications (the server applies the rules and the viewer's
 * preferences), and the 'New Notifications' toast when the count rises above a nonzero count.
 */
export function useBellNotifications(): NotificationsResponse {
  const { data } = useNotifications();
  const previous = useRef<number | null>(null);
  const total = data?.total;
  useEffect(() => {
    if (total === undefined) return;
    const text = newNotificationsText(previous.current, total);
    previous.current = total;
    if (text) showNoticeToast('New Notifications', text, { autoClose: NEW_NOTIFICATION_TOAST_MS });
  }, [total]);
  return data ?? EMPTY;
}
