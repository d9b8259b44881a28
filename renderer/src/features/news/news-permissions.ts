import type { News } from '@shared/contracts/news';
import { can, type Principal } from '@shared/roles';

export type NewsAction = 'view' | 'edit' | 'submit' | 'approve' | 'publish' | 'delete' | 'send_back' | 'take_back';

type Actor = Principal & { id: number };
type Article = Pick<News, 'status' | 'createdBy'> & Partial<Pick<News, 'submittedAt'>>;
/** The station's approval rule (issue 39); absent = the spec's (anyone with news.manage approves). */
type Rule = { secondApprover: boolean };

/** Issue 39: with a second approver, nobody approves a story they wrote — owners included. */
export const ownStoryNeedsSecondApprover = (actor: Actor, article: Article, rule?: Rule): boolean =>
  rule?.secondApprover === true && article.createdBy === actor.id;

/**
 * The actions a row offers (docs/product.md §States, §Roles; docs/design-rules.md §5), mirroring what the server accepts so
 * no button leads to a 403: managers edit anything unpublished, writers only their own drafts;
 * a published article offers only view and delete.
 */
export function newsRowActions(actor: Actor, article: Article, rule?: Rule): NewsAction[] {
  const manager = can(actor, 'news.manage');
  const actions: NewsAction[] = ['view'];
  if (canEditNews(actor, article)) actions.push('edit');
  // Issue 39: the writer asks for approval once; the server also lets editors submit for a writer.
  const own = article.createdBy === actor.id && can(actor, 'news.create');
  if (own && article.status === 'draft' && !article.submittedAt) actions.push('submit');
  if (manager && article.status === 'draft' && !ownStoryNeedsSecondApprover(actor, article, rule))
    actions.push('approve');
  if (manager && article.status === 'approved') actions.push('publish');
  // Back to the writer with a reason (issue 26): a draft is sent back, an approved story taken back.
  if (manager && article.status === 'draft') actions.push('send_back');
  if (manager && article.status === 'approved') actions.push('take_back');
  if (manager) actions.push('delete');
  return actions;
}

export function canEditNews(actor: Actor, article: Article): boolean {
  if (article.status === 'published') return false;
  if (can(actor, 'news.manage')) return true;
  return can(actor, 'news.create') && article.status === 'draft' && article.createdBy === actor.id;
}
