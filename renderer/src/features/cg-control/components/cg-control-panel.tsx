import { Grid, Paper, Stack, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { Suspense, useEffect } from 'react';
import type { News } from '@shared/contracts/news';
import { can } from '@shared/roles';
import { useCurrentUser } from '@/lib/session-store';
import { useCgFiles } from '@/lib/api/cg/get-cg-files';
import { useCgNext } from '@/lib/api/cg/get-cg-next';
import { lazyPage } from '@/app/lazy-page';
import { useRecentNews } from '@/lib/api/news/get-approved-news';
import { initialHeadlines } from '../headline-defaults';
import { useHeadlineEditor } from '../headline-editor-store';
import { useCgPush } from '@/lib/cg/use-cg-push';
import { EmergencyOverrideBox } from './emergency-override-box';
import { HeadlineEditor } from './headline-editor';
import { OnAirPreview } from './on-air-preview';
import { RecentNewsList } from './recent-news-list';

const OnAirWithNext = lazyPage(() => import('../next/on-air-with-next'));

/** Recent News shows this many newest articles: enough for a shift, light enough to render. */
const RECENT_NEWS_LIMIT = 50;

/** Seeds the editor once both lists have answered (docs/product.md §States Headline editor). */
function useSeedHeadlines(files: ReturnType<typeof useCgFiles>['data'], news: readonly News[] | undefined) {
  const seed = useHeadlineEditor((s) => s.seed);
  useEffect(() => {
    if (!files || !news) return;
    const article = news.find((n) => n.status === 'approved') ?? news[0] ?? null;
    seed(initialHeadlines(files, news), files.length > 0, article);
  }, [files, news, seed]);
}

/** A story that is not approved reaches air only after the operator says so. */
function confirmUnapproved(article: News, send: () => void): void {
  if (article.status === 'approved') {
    send();
    return;
  }
  modals.openConfirmModal({
    title: 'Send to CG?',
    children: (
      <Text size="sm">
        This article is not approved (status: {article.status}). Put “{article.title}” on air anyway?
      </Text>
    ),
    labels: { confirm: 'Send to CG', cancel: 'Cancel' },
    confirmProps: { color: 'orange' },
    onConfirm: send,
  });
}

function RecentNews({ query, canWrite }: { query: ReturnType<typeof useRecentNews>; canWrite: boolean }) {
  const loadNews = useHeadlineEditor((s) => s.loadNews);
  const cg = useCgPush();
  // Headline and subheadline in one call, so air never shows a new title over an old subtitle;
  // an article without one clears the old subheadline.
  const send = (article: News) =>
    confirmUnapproved(article, () =>
      cg.push(
        { type: 'headline', content: article.title, subheadline: article.subtitle ?? '' },
        { failure: 'Failed to send news to CG' },
      ),
    );
  const news = (query.data ?? []).slice(0, RECENT_NEWS_LIMIT);
  const state = query.isPending ? 'loading' : query.error && !query.data ? 'error' : 'ready';
  return (
    <RecentNewsList
      news={news}
      state={state}
      error={query.error}
      onRetry={() => void query.refetch()}
      canWrite={canWrite}
      pending={cg.pending}
      onSend={send}
      onEdit={loadNews}
    />
  );
}

/** CG control panel (docs/product.md §Screens and routes): on-air preview, headline editor, bars, emergency, recent news. */
export function CgControlPanel() {
  const user = useCurrentUser();
  const canWrite = can(user, 'cg.write');
  const files = useCgFiles();
  const news = useRecentNews();
  useSeedHeadlines(files.data, news.data);
  // Take mode (issue 25): NEXT stands beside ON AIR across the panel's full width.
  const takeMode = useCgNext().data?.takeMode === true;

  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'xs', sm: 'md' }}
      id="cg-control-panel"
      tabIndex={-1}
      data-testid="cg-control-panel"
    >
      <Title order={2} size="h5" mb="sm">
        CG Control Panel
      </Title>
      {takeMode && (
        <Suspense fallback={<OnAirPreview files={files} />}>
          <OnAirWithNext />
        </Suspense>
      )}
      <Grid gap="md">
        <Grid.Col span={{ base: 12, lg: 7 }}>
          <Stack gap="sm">
            {!takeMode && <OnAirPreview files={files} />}
            {canWrite ? (
              <>
                <HeadlineEditor />
                <EmergencyOverrideBox />
              </>
            ) : (
              <Text size="sm" c="dimmed" data-testid="cg-read-only">
                Read-only: your role can watch the CG but not change it.
              </Text>
            )}
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 5 }}>
          <RecentNews query={news} canWrite={canWrite} />
        </Grid.Col>
      </Grid>
    </Paper>
  );
}
