import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { News } from '@shared/contracts/news';
import { useApproveNews } from '../api/approve-news';
import { useDeleteNews } from '../api/delete-news';
import { usePublishNews } from '../api/publish-news';
import { useSubmitNews } from '../api/submit-news';
import { toastFailure, toastSuccess } from '@/lib/toast';

const ok = (message: string) => () => toastSuccess(message);
/** Spec 000 §8 failure texts. */
const fail = (title: string) => (error: Error) => toastFailure(title, error);

/** Submit (issue 39), Approve, Publish and Delete with their toasts; `pendingId` disables that row's buttons. */
export function useNewsWorkflow() {
  const approveMutation = useApproveNews();
  const publishMutation = usePublishNews();
  const deleteMutation = useDeleteNews();
  const submitMutation = useSubmitNews();

  // Issue 39: the approvers' bells list it at once.
  const submit = (article: News) =>
    submitMutation.mutate(article.id, {
      onSuccess: ok('Submitted for approval: the editors are told'),
      onError: fail('Failed to submit for approval'),
    });

  const approve = (article: News) =>
    approveMutation.mutate(article.id, {
      onSuccess: ok('News article approved'),
      onError: fail('Failed to approve news article'),
    });

  const publish = (article: News) =>
    publishMutation.mutate(article.id, {
      onSuccess: ok('News article published'),
      onError: fail('Failed to publish news article'),
    });

  const confirmDelete = (article: News) =>
    modals.openConfirmModal({
      title: 'Delete news article',
      children: (
        <Text size="sm">
          Move <b dir="auto">{article.title}</b> to the recycle bin? An admin can restore it within 2 hours.
        </Text>
      ),
      labels: { confirm: 'Delete', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        deleteMutation.mutate(article.id, {
          onSuccess: ok('News article moved to the recycle bin'),
          onError: fail('Failed to delete news article'),
        }),
    });

  const pendingId = [approveMutation, publishMutation, deleteMutation, submitMutation].find(
    (m) => m.isPending,
  )?.variables;
  return { approve, submit, publish, confirmDelete, pendingId };
}
