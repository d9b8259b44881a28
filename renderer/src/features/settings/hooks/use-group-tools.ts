import { useState } from 'react';
import { errorMessage } from '@/lib/api-client';
import { RequestFailure } from '@/lib/request-errors';
import { showToast } from '@/lib/toast';
import { useFindGroupTopics, type GroupTopic } from '../api/find-group-topics';
import { useSendTestNotification } from '../api/send-test-notification';
import type { TelegramGroupsForm } from './use-telegram-groups-form';

const TEST_MESSAGE = 'Test notification from CG Bridge: group notifications reach this topic.';

/** Telegram group ids are negative; operators often paste them without the minus. */
export function withLeadingMinus(groupId: string): string {
  const id = groupId.trim();
  return id.startsWith('-') ? id : `-${id}`;
}

/** Find Topics and Send Test Notification for the Group Settings card (docs/product.md §Validation, §Error texts). */
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
      // The spec shows a failed fetch as an empty list; we also say why.
      onError: (error) => {
        setTopics([]);
        showToast('Error', errorMessage(error, 'Failed to fetch topics'), 'red');
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
          if (error instanceof RequestFailure) return showToast('Test Error', error.message, 'red');
          // The server says why (bot not connected, Telegram refused the topic, …).
          showToast('Test Failed', errorMessage(error, 'Failed to send test message'), 'red');
        },
      },
    );
  };

  return { topics, findTopics, finding: find.isPending, sendTest, testing: test.isPending };
}
