import { apiJson } from '@/lib/api-client';
import { useActionMutation } from '@/lib/use-action-mutation';

export interface TestNotificationInput {
  groupId: string;
  topicId: string;
  message: string;
}

export interface TestNotificationResponse {
  success: boolean;
  message?: string;
  error?: string;
}

/** POST /api/telegram/test-notification: the bot posts a test message into the group's topic. */
export function sendTestNotification(body: TestNotificationInput): Promise<TestNotificationResponse> {
  return apiJson<TestNotificationResponse>('POST', '/api/telegram/test-notification', body);
}

export function useSendTestNotification() {
  return useActionMutation({ mutationFn: sendTestNotification });
}
