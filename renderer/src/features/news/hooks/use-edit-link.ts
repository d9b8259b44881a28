import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import type { News } from '@shared/contracts/news';

/**
 * /news?edit=<id> opens that article's edit dialog (Wires' "Make a story" lands here), then
 * drops the parameter so a reload or Back does not open it again.
 */
export function useEditLink(open: (article: News) => void): void {
  const [params, setParams] = useSearchParams();
  const raw = params.get('edit');
  const id = raw && /^\d{1,15}$/.test(raw) ? Number(raw) : null;
  const article = useQuery(queryOptions<News>({ queryKey: ['/api/news', id ?? 0], enabled: id !== null }));
  useEffect(() => {
    if (id === null || (!article.data && !article.error)) return;
    if (article.data) open(article.data);
    setParams(
      (p) => {
        p.delete('edit');
        return p;
      },
      { replace: true },
    );
  }, [id, article.data, article.error, open, setParams]);
}
