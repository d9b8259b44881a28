import { useEffect, useRef } from 'react';
import { NEW_NOTIFICATION_TOAST_MS } from '@shared/constants';
import { sortNotifications } from '@shared/notification-rules';
import { useOutputStatuses } from '@/lib/api/outputs/outputs';
import { showNoticeToast } from '@/lib/toast';
import { useNotifications } from '../api/get-notifications';
import { newNotificationsText } from '../new-notification-toast';
import type { ClientNotification } from '../notification-types';
import { outputAlarmItems } from '../output-alarms';

export interface BellNotifications {
  total: number;
  items: ClientNotification[];
}

/**
 * The bell's list from GET /api/notifications (the server applies the rules and the viewer's
 * preferences) with the outputs in Error on top (issue 38: every operator, from the live status),
 * and the 'New Notifications' toast when the count rises above a nonzero count.
 */
export function useBellNotifications(): BellNotifications {
  const { data } = useNotifications();
  const alarms = outputAlarmItems(useOutputStatuses().data ?? []);
  const previous = useRef<number | null>(null);
  const total = data === undefined ? undefined : data.total + alarms.length;
  useEffect(() => {
    if (total === undefined) return;
    const text = newNotificationsText(previous.current, total);
    previous.current = total;
    if (text) showNoticeToast('New Notifications', text, { autoClose: NEW_NOTIFICATION_TOAST_MS });
  }, [total]);
  return {
    total: total ?? alarms.length,
    items: sortNotifications<ClientNotification>([...alarms, ...(data?.items ?? [])]),
  };
}
