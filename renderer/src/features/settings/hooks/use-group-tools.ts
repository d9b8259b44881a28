import { useState } from 'react';
import { HttpError, errorMessage } from '@/lib/api-client';
import { RequestFailure } from '@/lib/request-errors';
import { showToast } from '@/lib/toast';
import { useFindGroupTopics, type GroupTopic } from '../api/find-group-topics';
import { useSendTestNotification } from '../api/send-test-notification';
import type { TelegramGroupsForm } from './use-telegram-groups-form';

/** The bot endpoints answer 404 until the chat bot is built and configured. */
export const BOT_MISSING = 'Configure the Telegram bot first: the bot is not available yet.';
const TEST_MESSAGE = 'Test notification from CG Bridge: group notifications reach this topic.';

const isMissing = (error: unknown) => error instanceof HttpError && error.status === 404;

/** Telegram group ids are negative; operators often paste them without the minus. */
export function withLeadingMinus(groupId: string): string {
  const id = groupId.trim();
  return id.startsWith('-') ? id : `-${id}`;
}

/** Find Topics and Send Test Notification for the Group Settings card (spec 001 §5, §8). */
export function useGroupTools(form: TelegramGroupsForm) {
  const [topics, setTopics] = useState<GroupTopic[] | null>(null);
  const find = useFindGroupTopics();
  const test = useSendTestNotification();

  const findTopics = () => {
    if (!form.values.primaryGroupId.trim()) return showToast('Error', 'Please enter a Primary Group ID first', 'red');
    const groupId = withLeadingMinus(form.values.primaryGroupId);
    if (groupId !== form.values.primaryGroupId) form.set('primaryGroupId', groupId);
    find.mutate(groupId, {
      onSuccess: (list) => setTopics(Array.isArray(list) ? list : []),
      // The spec shows a failed fetch as an empty list; we also say why, since the bot is missing.
      onError: (error) => {
        setTopics([]);
        showToast('Telegram bot not available', isMissing(error) ? BOT_MISSING : `${BOT_MISSING} (${errorMessage(error)})`, 'red');
      },
    });
  };

  const sendTest = () => {
    const groupId = form.values.primaryGroupId.trim();
    const topicId = (form.values.generalNotificationTopicId || form.values.equipmentRequestTopicId).trim();
    if (!groupId || !topicId) return showToast('Error', 'Please configure Group ID and Topic ID first', 'red');
    test.mutate(
      { groupId: withLeadingMinus(groupId), topicId, message: TEST_MESSAGE },
      {
        onSuccess: (res) =>
          res.success
            ? showToast('Test Notification Sent', res.message ?? 'Check the group topic for the test message', 'green')
            : showToast('Test Failed', res.error ?? 'Failed to send test message', 'red'),
        onError: (error) => {
          if (isMissing(error)) return showToast('Test Failed', BOT_MISSING, 'red');
          if (error instanceof RequestFailure) return showToast('Test Error', error.message, 'red');
          showToast('Test Failed', errorMessage(error, 'Failed to send test message'), 'red');
        },
      },
    );
  };

  return { topics, findTopics, finding: find.isPending, sendTest, testing: test.isPending };
}
