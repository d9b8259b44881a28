import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useQueryClient } from '@tanstack/react-query';
import type { CrawlerContent } from '@shared/contracts/crawler';
import { useAddHeadline } from '@/lib/api/crawler/add-headline';
import { useClearCrawler } from './api/clear-crawler';
import { useEditHeadline } from './api/edit-headline';
import { useGenerateCrawler } from '@/lib/api/crawler/generate-crawler';
import { crawlerContentQueryKey } from '@/lib/api/crawler/get-crawler-content';
import { useRemoveHeadline } from './api/remove-headline';
import { useReorderHeadlines } from './api/reorder-headlines';
import { generateAfterConfirm } from '@/lib/crawler/generate-confirm';
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

/** Toast handlers for one call: the spec's 'Success' text, else the server's message. */
function outcome(success: string, onDone?: () => void) {
  return {
    onSuccess: () => {
      toastSuccess(success);
      onDone?.();
    },
    onError: (error: Error) => toastError(error),
  };
}

/**
 * Where the row the operator acted on is now. An edit or a confirm dialog may stay open while
 * the 5 s poll or another desk changes the list; the server only knows positions (000 §3).
 */
function useResolveIndex(): (index: number, text: string) => number {
  const queryClient = useQueryClient();
  return (index, text) => {
    const headlines = queryClient.getQueryData<CrawlerContent>(crawlerContentQueryKey)?.headlines ?? [];
    const at = resolveHeadlineIndex(headlines, index, text);
    if (at < 0) toastErrorText(HEADLINE_GONE);
    return at;
  };
}

function useRowActions() {
  const resolve = useResolveIndex();
  const add = useAddHeadline();
  const edit = useEditHeadline();
  const remove = useRemoveHeadline();
  return {
    add: (headline: string, onDone: () => void) =>
      add.mutate(headline.trim(), outcome('Headline added to news crawler', onDone)),
    edit: (index: number, original: string, headline: string, onDone: () => void) => {
      const at = resolve(index, original);
      if (at >= 0)
        edit.mutate({ index: at, headline: headline.trim() }, outcome('Headline updated in news crawler', onDone));
    },
    remove: (index: number, text: string) =>
      confirm('Are you sure you want to remove this headline?', 'Remove', () => {
        const at = resolve(index, text);
        if (at >= 0) remove.mutate(at, outcome('Headline removed from news crawler'));
      }),
    pending: { add: add.isPending, edit: edit.isPending, remove: remove.isPending },
  };
}

function useListActions() {
  const generate = useGenerateCrawler();
  const clear = useClearCrawler();
  const reorder = useReorderHeadlines();
  return {
    /** Asks first when the ticker has lines (they are all replaced). */
    generate: (currentLines: number | null) =>
      generateAfterConfirm(currentLines, () =>
        generate.mutate(undefined, outcome('News crawler generated from approved news')),
      ),
    clear: () =>
      confirm('Are you sure you want to clear all headlines from the news crawler?', 'Clear All', () =>
        clear.mutate(undefined, outcome('News crawler cleared')),
      ),
    /** basedOn = the list as shown before the drag, so a stale reorder is refused (409). */
    reorder: (headlines: string[], basedOn: string[]) =>
      reorder.mutate(
        { headlines, basedOn },
        {
          ...outcome('Headlines reordered successfully'),
          onError: () => toastErrorText('Failed to reorder headlines'),
        },
      ),
    pending: { generate: generate.isPending, clear: clear.isPending, reorder: reorder.isPending },
  };
}

/** Every crawler panel action with the spec's confirms and toasts (000 §5, §8). */
export function useCrawlerActions() {
  const rows = useRowActions();
  const list = useListActions();
  return { ...rows, ...list, pending: { ...rows.pending, ...list.pending } };
}

export type CrawlerActions = ReturnType<typeof useCrawlerActions>;
