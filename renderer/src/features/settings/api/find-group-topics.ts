import { apiJson } from '@/lib/api-client';
import { useActionMutation } from '@/lib/use-action-mutation';

export interface GroupTopic {
  id: number | string;
  name: string;
}

/** GET /api/telegram/group-topics/{groupId}: the forum topics the bot can see in that group. */
export function findGroupTopics(groupId: string): Promise<GroupTopic[]> {
  return apiJson<GroupTopic[]>('GET', `/api/telegram/group-topics/${encodeURIComponent(groupId)}`);
}

export function useFindGroupTopics() {
  return useActionMutation({ mutationFn: findGroupTopics });
}
