import { STORY_ON_HEADLINE } from '@shared/cg-from-news';
import type { CreateCgFromNewsInput } from '@shared/contracts/cg-files';
import type { PrompterSection } from '@shared/contracts/prompters';

/** What Space / "Send to CG" does for a section of the script. */
export type SectionCgAction =
  /** The story's title and subtitle (or nothing) go on air together, built by the server from the article. */
  | { kind: 'story'; newsId: number; title: string; body: CreateCgFromNewsInput }
  /** A break or the headlines marker: no story, so the last story's subheadline comes off air. */
  | { kind: 'clear-subheadline'; title: string };

/**
 * Issue 22: the prompter used to send only the title, leaving the previous story's subheadline
 * under it. A story section now airs through "Add to CG Display" (shared/cg-from-news.ts on the
 * server, from the article itself), and a section without a story clears the subheadline.
 */
export function sectionCgAction(section: PrompterSection): SectionCgAction {
  if (section.newsId === null) return { kind: 'clear-subheadline', title: section.title };
  return { kind: 'story', newsId: section.newsId, title: section.title, body: { ...STORY_ON_HEADLINE } };
}
