import type { CgFile } from '@shared/contracts/cg-files';
import type { CgNext } from '@shared/contracts/cg-next';
import type { OverlayTexts } from '@shared/contracts/overlay';

const LABELS: Partial<Record<CgFile['type'], string>> = {
  news_crawler: 'Crawler',
  hashtag_bar: 'Hashtag bar',
  program_bar: 'Program bar',
  programbar: 'Program bar',
  breakingnews: 'Breaking news',
  infoline: 'Info line',
  titlebar: 'Title bar',
};

/** A CG type as operators say it. */
export const typeLabel = (type: CgFile['type']): string => LABELS[type] ?? type.charAt(0).toUpperCase() + type.slice(1);

/** One staged text for the list: '' clears the type; a crawler shows its line count and first line. */
export function stagedText(type: CgFile['type'], content: string): string {
  if (content === '') return '(cleared on Take)';
  if (type !== 'news_crawler') return content;
  const lines = content.split('\n');
  return `${lines.length} line${lines.length === 1 ? '' : 's'}: ${lines[0] ?? ''}`;
}

/** What air will show after Take: the on-air texts with Next laid over them. */
export function textsAfterTake(files: readonly CgFile[] | undefined, next: CgNext | undefined): OverlayTexts {
  const texts: OverlayTexts = Object.fromEntries((files ?? []).map((f) => [f.type, f.content]));
  for (const change of next?.changes ?? []) texts[change.type] = change.content;
  return texts;
}
