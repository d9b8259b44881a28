import type { z } from 'zod';
import type { createCgFromNewsSchema } from '../../../shared/contracts/cg-files';
import type { News } from '../../../shared/contracts/news';
import { badRequest } from '../../lib/errors';

type FromNews = z.output<typeof createCgFromNewsSchema>;

/**
 * The text an "Add to CG Display" request puts on air. The dialog sends either a content source
 * (title, subtitle, both, content, custom) or the older use* flags; "both" puts the subtitle on a
 * second line, which two-line CG templates render as such.
 */
export function cgTextFromNews(news: Pick<News, 'title' | 'subtitle' | 'content'>, input: FromNews): string {
  const source = input.contentSource ?? sourceFromFlags(input);
  switch (source) {
    case 'title':
      return news.title;
    case 'subtitle':
      if (!news.subtitle) throw badRequest('This article has no subtitle');
      return news.subtitle;
    case 'both':
      return news.subtitle ? `${news.title}\n${news.subtitle}` : news.title;
    case 'content':
      return news.content;
    case 'custom': {
      const text = input.customContent?.trim();
      if (!text) throw badRequest('customContent: Content is required');
      return text;
    }
  }
}

function sourceFromFlags(input: FromNews): NonNullable<FromNews['contentSource']> {
  if (input.customContent?.trim()) return 'custom';
  if (input.useContent) return 'content';
  if (input.useTitle && input.useSubtitle) return 'both';
  if (input.useSubtitle) return 'subtitle';
  return 'title';
}
