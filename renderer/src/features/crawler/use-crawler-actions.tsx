import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useQueryClient } from '@tanstack/react-query';
import type { CrawlerContent } from '@shared/contracts/crawler';
import { useAddHeadline } from './api/add-headline';
import { useClearCrawler } from './api/clear-crawler';
import { useEditHeadline } from './api/edit-headline';
import { useGenerateCrawler } from './api/generate-crawler';
import { crawlerContentQueryKey } from './api/get-crawler-content';
import { useRemoveHeadline } from './api/remove-headline';
import { useReorderHeadlines } from './api/reorder-headlines';
import { toastError, toastErrorText, toastSuccess } from './crawler-toasts';
import { resolveHeadlineIndex } from './headline-ids';

/** Said when the headline the operator meant is gone (removed or rewritten by another desk). */
const HEADLINE_GONE = 'This headline was changed or removed by someone else. Check the list and try again.';

function confirm(message: string, confirmLabel: string, onConfirm: () => void): void {
  modals.openConfirmModal({
    title: 'Please confirm',
    children: <Text size="sm">{message}</Text>,
    labels: { confirm: confirmLabel, cancel: 'Cancel' },
    confirmProps: { color: 'red' },
    onConfirm,
  });
}

/** The latest list (poll, live event or own mutation), read at the moment an action fires. */
function useLatestHeadlines(): () => string[] {
  const queryClient = useQueryClient();
  return () => queryClient.getQueryData<CrawlerContent>(crawlerContentQueryKey)?.headlines ?? [];
}

/** Every crawler panel action with the spec's confirms and toasts (000 §5, §8). */
export function useCrawlerActions() {
  const latest = useLatestHeadlines();
  const generate = useGenerateCrawler();
  const add = useAddHeadline();
  const edit = useEditHeadline();
  const remove = useRemoveHeadline();
  const clear = useClearCrawler();
  const reorder = useReorderHeadlines();

  return {
    generate: () =>
      generate.mutate(undefined, {
        onSuccess: () => toastSuccess('News crawler generated from approved news'),
        onError: (error) => toastError(error),
      }),
    add: (headline: string, onDone: () => void) =>
      add.mutate(headline.trim(), {
        onSuccess: () => {
          toastSuccess('Headline added to news crawler');
          onDone();
        },
        onError: (error) => toastError(error),
      }),
    /** Resolves true when saved, so the row leaves edit mode only then. */
    edit: (index: number, original: string, headline: string, onDone: () => void) => {
      const at = resolveHeadlineIndex(latest(), index, original);
      if (at < 0) return toastErrorText(HEADLINE_GONE);
      edit.mutate(
        { index: at, headline: headline.trim() },
        {
          onSuccess: () => {
            toastSuccess('Headline updated in news crawler');
            onDone();
          },
          onError: (error) => toastError(error),
        },
      );
    },
    remove: (index: number, text: string) =>
      confirm('Are you sure you want to remove this headline?', 'Remove', () => {
        const at = resolveHeadlineIndex(latest(), index, text);
        if (at < 0) return toastErrorText(HEADLINE_GONE);
        remove.mutate(at, {
          onSuccess: () => toastSuccess('Headline removed from news crawler'),
          onError: (error) => toastError(error),
        });
      }),
    clear: () =>
      confirm('Are you sure you want to clear all headlines from the news crawler?', 'Clear All', () =>
        clear.mutate(undefined, {
          onSuccess: () => toastSuccess('News crawler cleared'),
          onError: (error) => toastError(error),
        }),
      ),
    reorder: (headlines: string[], basedOn: string[]) =>
      reorder.mutate(
        { headlines, basedOn },
        {
          onSuccess: () => toastSuccess('Headlines reordered successfully'),
          onError: () => toastErrorText('Failed to reorder headlines'),
        },
      ),
    pending: {
      generate: generate.isPending,
      add: add.isPending,
      edit: edit.isPending,
      remove: remove.isPending,
      clear: clear.isPending,
      reorder: reorder.isPending,
    },
  };
}

export type CrawlerActions = ReturnType<typeof useCrawlerActions>;
