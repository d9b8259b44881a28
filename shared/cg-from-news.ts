import type { CG_CONTENT_SOURCES, CG_FROM_NEWS_TYPES } from './constants';
import { ON_AIR_RULES } from './on-air-rules';

export type CgContentSource = (typeof CG_CONTENT_SOURCES)[number];
export type CgFromNewsType = (typeof CG_FROM_NEWS_TYPES)[number];
export interface ArticleText {
  title: string;
  subtitle: string | null;
  content: string;
}
export interface CgTextChange {
  type: 'headline' | 'subheadline' | CgFromNewsType;
  content: string;
}

/**
 * The CG changes "Add to CG Display" (and anything else that airs an article) makes — one
 * operation, built the same way by the server (which applies it) and the dialog (which previews it).
 *
 * - An article's title on the headline always brings its subtitle (or nothing) to the
 *   subheadline, so a story never airs under the previous story's — or an emergency's — subheadline.
 * - "both" on a multi-line type puts the subtitle on a second line; on another single-line type it
 *   joins them with " — ".
 * - Custom text is trimmed. Null when the source has nothing to send (no subtitle, blank custom).
 */
export function cgChangesFromArticle(
  article: ArticleText,
  cgType: CgFromNewsType,
  source: CgContentSource,
  custom = '',
): CgTextChange[] | null {
  const subtitle = article.subtitle?.trim() ? article.subtitle : '';
  if (cgType === 'headline' && (source === 'title' || source === 'both')) {
    return [
      { type: 'headline', content: article.title },
      { type: 'subheadline', content: subtitle },
    ];
  }
  const text = cgTextOf(article, cgType, source, custom, subtitle);
  return text === null ? null : [{ type: cgType, content: text }];
}

/**
 * A story to air as the headline: its title, with its subtitle (or nothing) on the subheadline in
 * the same operation. The prompter's Space sends this to POST /api/news/:id/create-cg.
 */
export const STORY_ON_HEADLINE = { cgType: 'headline', contentSource: 'title' } as const satisfies {
  cgType: CgFromNewsType;
  contentSource: CgContentSource;
};

function cgTextOf(
  article: ArticleText,
  cgType: CgFromNewsType,
  source: CgContentSource,
  custom: string,
  subtitle: string,
): string | null {
  switch (source) {
    case 'title':
      return article.title;
    case 'subtitle':
      return subtitle || null;
    case 'both':
      if (!subtitle) return article.title;
      return ON_AIR_RULES[cgType].multiline ? `${article.title}\n${subtitle}` : `${article.title} — ${subtitle}`;
    case 'content':
      return article.content;
    case 'custom':
      return custom.trim() || null;
  }
}
