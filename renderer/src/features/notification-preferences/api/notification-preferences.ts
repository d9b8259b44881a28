import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  NotificationPreferences,
  UpdateNotificationPreferences,
} from '@shared/contracts/notification-preferences';
import { apiJson } from '@/lib/api-client';
import { useActionMutation } from '@/lib/use-action-mutation';

export const preferencesQueryKey = (userId: number) => [`/api/notification-preferences/${userId}`] as const;

export function usePreferences(userId: number) {
  return useQuery(queryOptions<NotificationPreferences>({ queryKey: preferencesQueryKey(userId) }));
}

/** PUT /api/notification-preferences/{userId}: every group the user can receive; the answer is what was saved. */
export function useSavePreferences(userId: number) {
  const queryClient = useQueryClient();
  return useActionMutation({
    mutationFn: (body: UpdateNotificationPreferences) =>
      apiJson<NotificationPreferences>('PUT', `/api/notification-preferences/${userId}`, body),
    onSuccess: (saved) => {
      queryClient.setQueryData(preferencesQueryKey(userId), saved);
      // The bell obeys the switches: show the new list at once.
      void queryClient.invalidateQueries({ queryKey: ['/api/notifications'] });
    },
  });
}

export interface TestNotificationResult {
  success: boolean;
  message?: string;
  error?: string;
}

/** The wizard's test: an empty body asks the bot to message the caller's own linked chat (docs/product.md §API). */
export function useSendTestNotification() {
  return useActionMutation({
    mutationFn: () => apiJson<TestNotificationResult>('POST', '/api/telegram/test-notification', {}),
  });
}
