import { STORY_ON_HEADLINE } from '@shared/cg-from-news';
import type { CreateCgFromNewsInput } from '@shared/contracts/cg-files';
import type { PrompterSection } from '@shared/contracts/prompters';
import type { UpdateCgDirectInput } from '@/lib/api/cg/update-cg-direct';

/** What Space / "Send to CG" does for a section of the script. */
export type SectionCgAction =
  /** The story's title and subtitle (or nothing) go on air together, built by the server from the article. */
  | { kind: 'story'; newsId: number; title: string; body: CreateCgFromNewsInput }
  /** A break or the headlines marker: no story, so the lower third comes off air (both lines, one write). */
  | { kind: 'clear-lower-third'; title: string; body: UpdateCgDirectInput };

/**
 * Issue 22: the prompter used to send only the title, leaving the previous story's subheadline
 * under it. A story section airs through "Add to CG Display" (shared/cg-from-news.ts on the
 * server, from the article itself). Issue 38, point 6: a section without a story used to clear
 * only the subheadline, which left the previous story's headline alone on air through the break;
 * it now takes headline and subheadline off together, in one update-direct call, so air never
 * shows a half-cleared lower third (docs/decisions.md "Issue 38 — a break clears the lower third").
 */
export function sectionCgAction(section: PrompterSection): SectionCgAction {
  if (section.newsId === null) {
    return {
      kind: 'clear-lower-third',
      title: section.title,
      body: { type: 'headline', content: '', subheadline: '', sentFrom: 'prompter' },
    };
  }
  return { kind: 'story', newsId: section.newsId, title: section.title, body: { ...STORY_ON_HEADLINE } };
}
