import type { CG_CONTENT_SOURCES } from '@shared/constants';
import type { News } from '@shared/contracts/news';

export type CgContentSource = (typeof CG_CONTENT_SOURCES)[number];

type Article = Pick<News, 'title' | 'subtitle' | 'content'>;

/**
 * The text "Add to CG Display" puts on air, exactly as the server builds it (cg-from-news.ts):
 * "both" puts the subtitle on a second line, custom text is trimmed. Null when the source has
 * nothing to send (no subtitle, blank custom text), which the server would refuse.
 */
export function cgTextFromArticle(article: Article, source: CgContentSource, custom: string): string | null {
  switch (source) {
    case 'title':
      return article.title;
    case 'subtitle':
      return article.subtitle || null;
    case 'both':
      return article.subtitle ? `${article.title}\n${article.subtitle}` : article.title;
    case 'content':
      return article.content;
    case 'custom':
      return custom.trim() || null;
  }
}
