import type { CgFile } from '@shared/contracts/cg-files';
import type { News } from '@shared/contracts/news';

export interface HeadlinePair {
  headline: string;
  subheadline: string;
}

/**
 * The headline editor's starting text (docs/product.md §States): what is on air when CG files exist;
 * otherwise the first approved article (else the first article); otherwise nothing.
 */
export function initialHeadlines(files: readonly CgFile[], news: readonly News[]): HeadlinePair | null {
  if (files.length > 0) {
    const text = (type: CgFile['type']) => files.find((f) => f.type === type)?.content ?? '';
    return { headline: text('headline'), subheadline: text('subheadline') };
  }
  const article = news.find((n) => n.status === 'approved') ?? news[0];
  if (!article) return null;
  return { headline: article.title, subheadline: article.subtitle ?? '' };
}
