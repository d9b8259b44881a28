import type { z } from 'zod';
import type { createCgFromNewsSchema } from '../../../shared/contracts/cg-files';
import { cgChangesFromArticle, type ArticleText, type CgContentSource } from '../../../shared/cg-from-news';
import { ON_AIR_RULES, onAirTextProblem } from '../../../shared/on-air-rules';
import { badRequest } from '../../lib/errors';
import type { CgUpsert } from './cg-files.repo';

/** A change as a caller asked for it: `field` is the request field its text came from (named in a 400). */
export interface CgChange extends CgUpsert {
  field?: string;
}

const isRuledType = (type: string): type is keyof typeof ON_AIR_RULES => Object.hasOwn(ON_AIR_RULES, type);

/**
 * Refuses text its template cannot hold (shared/on-air-rules.ts) with 400 naming the field the
 * client sent. Every CG write passes here before anything is written, so no path can bypass it.
 */
export function assertOnAir(change: CgChange): void {
  const field = change.field ?? 'content';
  const problem = isRuledType(change.type)
    ? onAirTextProblem(change.type, change.content)
    : `Unknown CG type ${change.type}`;
  if (problem) throw badRequest(`${field}: ${problem}`, [{ path: field, message: problem }]);
}

/** A crawler summary instead of up to 250 kB of text: the log says what aired, not all of it. */
function describeOne(change: CgUpsert): string {
  if (change.content === '') return `${change.type}: cleared`;
  if (change.type !== 'news_crawler') return `${change.type}: ${JSON.stringify(change.content)}`;
  const lines = change.content.split('\n');
  return `${change.type}: ${lines.length} line${lines.length === 1 ? '' : 's'}, first ${JSON.stringify(lines[0])}`;
}

/** The activity entry's details: the text each type got, an as-run record of who aired what. */
export const describeChanges = (changes: CgUpsert[]): string => changes.map(describeOne).join(' · ');

type FromNews = z.output<typeof createCgFromNewsSchema>;

/** The older dialog sends use* flags instead of a content source. */
function sourceOf(input: FromNews): CgContentSource {
  if (input.contentSource) return input.contentSource;
  if (input.customContent?.trim()) return 'custom';
  if (input.useContent) return 'content';
  if (input.useTitle && input.useSubtitle) return 'both';
  if (input.useSubtitle) return 'subtitle';
  return 'title';
}

/** The request field a from-news text came from, so a refused text names the article's part. */
const FIELD_OF: Record<CgContentSource, string> = {
  title: 'title',
  subtitle: 'subtitle',
  both: 'title',
  content: 'content',
  custom: 'customContent',
};

/**
 * "Add to CG Display": the changes shared/cg-from-news.ts builds (a title on the headline brings
 * its subtitle to the subheadline in the same operation), or 400 when the source gives nothing.
 */
export function cgChangesFromNews(article: ArticleText, input: FromNews): CgChange[] {
  const source = sourceOf(input);
  const changes = cgChangesFromArticle(article, input.cgType, source, input.customContent);
  if (!changes) {
    throw source === 'custom'
      ? badRequest('customContent: Content is required')
      : badRequest('This article has no subtitle');
  }
  return changes.map((c) => ({
    ...c,
    field: c.type === 'subheadline' && c.type !== input.cgType ? 'subtitle' : FIELD_OF[source],
  }));
}
