import { CRAWLER_MAX_HEADLINES } from '../../../shared/constants';
import { conflict } from '../../lib/errors';

/** The news_crawler file holds one headline per line; an empty file is an empty list. */
export const parseHeadlines = (text: string | undefined): string[] =>
  text ? text.split('\n').filter((l) => l.length) : [];
export const joinHeadlines = (headlines: string[]): string => headlines.join('\n');

/** A headline as a ticker line: whitespace (line breaks included) folded to single spaces. */
export const toTickerLine = (text: string): string => text.replace(/\s+/g, ' ').trim();

function requireIndex(list: string[], index: number): void {
  if (index >= list.length) {
    throw conflict(
      `There is no headline ${index + 1} (the crawler has ${list.length}); it may have just changed — reload`,
    );
  }
}

export function addHeadline(list: string[], headline: string): string[] {
  if (list.length >= CRAWLER_MAX_HEADLINES)
    throw conflict(`The crawler holds at most ${CRAWLER_MAX_HEADLINES} headlines`);
  return [...list, headline];
}

export function removeHeadline(list: string[], index: number): string[] {
  requireIndex(list, index);
  return list.filter((_, i) => i !== index);
}

export function editHeadline(list: string[], index: number, headline: string): string[] {
  requireIndex(list, index);
  return list.map((h, i) => (i === index ? headline : h));
}

/**
 * Accepts only a permutation of the current list: anything else means the client reordered a
 * list someone has changed since, and applying it would lose or duplicate headlines.
 */
export function reorderHeadlines(list: string[], next: string[], basedOn?: string[]): string[] {
  const key = (l: string[]) => [...l].sort().join('\n');
  const stale = basedOn !== undefined && joinHeadlines(basedOn) !== joinHeadlines(list);
  if (stale || next.length !== list.length || key(next) !== key(list)) {
    throw conflict('The headlines changed while you were reordering them; reload and try again');
  }
  return next;
}
