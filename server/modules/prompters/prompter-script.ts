import { PROMPTER_BREAK_TITLE } from '../../../shared/constants';
import type { PrompterSection } from '../../../shared/contracts/prompters';

/** A bulletin item as the script builder needs it (article fields null when missing or foreign). */
export interface ScriptItem {
  id: number;
  type: string;
  breakType: string | null;
  newsId: number | null;
  newsTitle: string | null;
  newsSubtitle: string | null;
  newsContent: string | null;
  newsDeleted: boolean | null;
  newsVersion?: number | null;
}

/** Sections are separated by one blank line. */
export const SECTION_SEPARATOR = '\n\n';

/**
 * The prompter script of a bulletin, in running order: a news item reads its article (a
 * `**Title**` line, then the text); a headline item reads the article's title and subtitle (a
 * teaser), one without an article as "— HEADLINES —"; a break reads as a short section
 * "— LOCAL BREAK —" so the anchor sees it coming.
 * Items whose article is deleted, missing or another company's are left out. `position` is the
 * section's character offset (UTF-16 code units, as JavaScript indexes strings) in `content`.
 */
export function buildScript(items: ScriptItem[]): { content: string; sections: PrompterSection[] } {
  const sections: PrompterSection[] = [];
  let position = 0;
  for (const item of items) {
    const part = sectionOf(item);
    if (!part) continue;
    const text = part.body ? `**${part.title}**\n${part.body}` : `**${part.title}**`;
    if (sections.length) position += SECTION_SEPARATOR.length;
    const newsId = part.kind === 'break' ? null : item.newsId;
    sections.push({
      id: item.id,
      kind: part.kind,
      newsId,
      newsVersion: newsId === null ? null : (item.newsVersion ?? null),
      title: part.title,
      position,
      content: text,
    });
    position += text.length;
  }
  return { content: sections.map((s) => s.content).join(SECTION_SEPARATOR), sections };
}

function sectionOf(item: ScriptItem): { kind: PrompterSection['kind']; title: string; body: string } | null {
  if (item.type === 'break')
    return item.breakType ? { kind: 'break', title: PROMPTER_BREAK_TITLE(item.breakType), body: '' } : null;
  // A headline item without an article is the headlines segment itself.
  if (item.type === 'headline' && item.newsId === null)
    return { kind: 'headline', title: PROMPTER_BREAK_TITLE('HEADLINES'), body: '' };
  if (item.newsTitle === null || item.newsDeleted) return null;
  const title = oneLine(item.newsTitle);
  if (item.type === 'headline') return { kind: 'headline', title, body: item.newsSubtitle ?? '' };
  return { kind: 'news', title, body: item.newsContent ?? '' };
}

/** A heading is one line: a title with a line break would split the `**Title**` marker. */
function oneLine(text: string): string {
  return text.replace(/\s*[\r\n]+\s*/g, ' ').trim();
}
