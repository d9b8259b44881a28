import { Alert, Button, Center, Loader, SimpleGrid, Stack } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useQueries } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useSearchParams } from 'react-router';
import { NEWS_PAGE_SIZE, NEWS_STATUSES } from '@shared/constants';
import type { News } from '@shared/contracts/news';
import { can } from '@shared/roles';
import { PageTitle } from '@/app/page-title';
import { errorMessage } from '@/lib/api-client';
import { useCurrentUser } from '@/lib/session-store';
import { newsPageQueryOptions } from '@/lib/api/news/get-news-page';
import { NewsEmptyState } from '../components/news-empty-state';
import { NewsFormDialog } from '../components/news-form-dialog';
import { NewsPager } from '@/components/news/news-pager';
import { NewsSection } from '../components/news-section';
import { NewsViewDialog } from '../components/news-view-dialog';
import { NewsHistoryDialog } from '../components/news-history-dialog';
import { AddToCgDialog } from '../components/add-to-cg-dialog';
import { SendBackDialog, type SendingBack } from '../components/send-back-dialog';
import { useNewsWorkflow } from '../hooks/use-news-workflow';
import { useEditLink } from '../hooks/use-edit-link';
import { lastPage } from '../news-paging';

type FormState = { mode: 'closed' } | { mode: 'create' } | { mode: 'edit'; article: News };

/** The three status lists for one shared page number. */
function useNewsLists(page: number) {
  const results = useQueries({ queries: NEWS_STATUSES.map((status) => newsPageQueryOptions(status, page)) });
  const totals = results.map((r) => r.data?.total ?? 0);
  return {
    sections: NEWS_STATUSES.map((status, i) => ({ status, result: results[i] })),
    totals,
    loading: results.some((r) => r.isPending),
    error: results.find((r) => r.error)?.error ?? null,
    // Placeholder data is the previous page's: only trust totals from this page's answers.
    settled: results.every((r) => r.isSuccess && !r.isPlaceholderData),
  };
}

/** ?history=<story>&revision=<revision>: the history dialog, linkable from the activity log. */
function useHistoryParams() {
  const [params, setParams] = useSearchParams();
  const number = (key: string) => (/^\d+$/.test(params.get(key) ?? '') ? Number(params.get(key)) : null);
  const drop = (next: URLSearchParams) => {
    next.delete('history');
    next.delete('revision');
    return next;
  };
  return {
    newsId: number('history'),
    revisionId: number('revision'),
    open: (newsId: number) =>
      setParams((p) => {
        const next = drop(new URLSearchParams(p));
        next.set('history', String(newsId));
        return next;
      }),
    close: () => setParams((p) => drop(new URLSearchParams(p))),
  };
}

/** News Management (docs/product.md §Screens and routes): draft → approved → published, one list per status. */
export default function NewsPage() {
  const actor = useCurrentUser();
  const [page, setPage] = useState(1);
  const [form, setForm] = useState<FormState>({ mode: 'closed' });
  const [viewing, setViewing] = useState<News | null>(null);
  const [sendingToCg, setSendingToCg] = useState<News | null>(null);
  const [sendingBack, setSendingBack] = useState<SendingBack | null>(null);
  const history = useHistoryParams();
  const lists = useNewsLists(page);
  useEditLink(useCallback((article: News) => setForm({ mode: 'edit', article }), []));
  const workflow = useNewsWorkflow();
  const last = lastPage(lists.totals, NEWS_PAGE_SIZE);
  const canCreate = can(actor, 'news.create');
  const onAddToCg = can(actor, 'cg.write') ? setSendingToCg : undefined;
  // Deletes elsewhere can shrink the lists under us: step back rather than show an empty page.
  if (lists.settled && page > last) setPage(last);

  const openCreate = () => setForm({ mode: 'create' });
  const createButton = canCreate && (
    <Button leftSection={<IconPlus size={16} />} onClick={openCreate}>
      Create News
    </Button>
  );
  const empty = lists.settled && page === 1 && lists.totals.every((t) => t === 0);

  return (
    <Stack gap="md">
      <PageTitle
        title="News Management"
        description="Writers draft articles, editors approve them, approved articles are published and feed CG and bulletins."
        actions={createButton}
      />
      {lists.error && <Alert color="red">{errorMessage(lists.error, 'Failed to load news')}</Alert>}
      {lists.loading && !lists.error && (
        <Center py="xl">
          <Loader size="sm" />
        </Center>
      )}
      {empty && <NewsEmptyState canCreate={canCreate} onCreate={openCreate} />}
      {!lists.loading && !empty && (
        <>
          <SimpleGrid cols={{ base: 1, lg: 3 }} spacing="sm">
            {lists.sections.map(({ status, result }) => (
              <NewsSection
                key={status}
                status={status}
                data={result?.data}
                fetching={result?.isFetching ?? false}
                actor={actor}
                pendingId={workflow.pendingId}
                onView={setViewing}
                onEdit={(article) => setForm({ mode: 'edit', article })}
                onApprove={workflow.approve}
                onSubmit={workflow.submit}
                onPublish={workflow.publish}
                onDelete={workflow.confirmDelete}
                onSendBack={(article, kind) => setSendingBack({ article, kind })}
                onAddToCg={onAddToCg}
              />
            ))}
          </SimpleGrid>
          <NewsPager page={page} lastPage={last} onPage={setPage} />
        </>
      )}
      <NewsFormDialog
        opened={form.mode !== 'closed'}
        article={form.mode === 'edit' ? form.article : null}
        onClose={() => setForm({ mode: 'closed' })}
      />
      <NewsViewDialog
        article={viewing}
        onClose={() => setViewing(null)}
        onHistory={(article) => {
          setViewing(null);
          history.open(article.id);
        }}
      />
      <NewsHistoryDialog newsId={history.newsId} revisionId={history.revisionId} onClose={history.close} />
      <AddToCgDialog article={sendingToCg} onClose={() => setSendingToCg(null)} />
      <SendBackDialog sending={sendingBack} onClose={() => setSendingBack(null)} />
    </Stack>
  );
}
