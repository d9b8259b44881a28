import type { CgFile, CgWritableType } from '@shared/contracts/cg-files';

/** What a screen reader should say about a change on air: urgent (emergency) and routine. */
export interface OnAirAnnouncement {
  readonly assertive: string | null;
  readonly polite: string | null;
}

/** The types an operator watches, in the order they are read out, with the words for them. */
const SPOKEN: readonly (readonly [CgWritableType, string])[] = [
  ['headline', 'headline'],
  ['subheadline', 'subheadline'],
  ['breakingnews', 'breaking news'],
  ['program_bar', 'program bar'],
  ['hashtag_bar', 'hashtag bar'],
  ['infoline', 'info line'],
  ['titlebar', 'title bar'],
];

/** A crawler can be hundreds of headlines: say how many, not what. */
const SPOKEN_MAX = 200;

function textOf(files: readonly CgFile[], type: CgWritableType): string {
  return (files.find((f) => f.type === type)?.content ?? '').trim();
}

function spoken(text: string): string {
  return text.length > SPOKEN_MAX ? `${text.slice(0, SPOKEN_MAX)}…` : text;
}

function emergencyChange(before: readonly CgFile[], after: readonly CgFile[]): OnAirAnnouncement | null {
  const was = textOf(before, 'emergency');
  const now = textOf(after, 'emergency');
  if (was === now) return null;
  // The slate's lines (issue 38: text and second line) are read as sentences, not run together.
  if (now)
    return {
      assertive: `Emergency on air: ${spoken(
        now
          .split('\n')
          .map((l) => l.trim())
          .filter(Boolean)
          .join('. '),
      )}`,
      polite: null,
    };
  return { assertive: null, polite: 'Emergency off air' };
}

/**
 * The words for what changed on air between two readings of the CG files (issue 27: an
 * operator who cannot see the preview hears it). Nothing on the first reading: loading a page is
 * not a change. An override airs its lines on the slate and the lower third; they are said once, urgently.
 */
export function onAirAnnouncement(
  before: readonly CgFile[] | undefined,
  after: readonly CgFile[] | undefined,
): OnAirAnnouncement {
  if (!before || !after) return { assertive: null, polite: null };
  const emergency = emergencyChange(before, after);
  // The lower third carries the slate's own lines during an override: said once, with the slate.
  const emergencyLines = new Set(
    textOf(after, 'emergency')
      .split('\n')
      .map((l) => l.trim()),
  );
  const parts: string[] = [];
  for (const [type, words] of SPOKEN) {
    const now = textOf(after, type);
    if (now === textOf(before, type)) continue;
    if (emergency?.assertive && emergencyLines.has(now)) continue;
    parts.push(now ? `${words} ${spoken(now)}` : `${words} cleared`);
  }
  const crawlerNow = textOf(after, 'news_crawler');
  if (crawlerNow !== textOf(before, 'news_crawler')) {
    const count = crawlerNow ? crawlerNow.split('\n').filter((l) => l.trim()).length : 0;
    parts.push(count ? `news crawler, ${count} ${count === 1 ? 'headline' : 'headlines'}` : 'news crawler cleared');
  }
  const routine = parts.length ? `On air now: ${parts.join('; ')}` : null;
  return {
    assertive: emergency?.assertive ?? null,
    polite: [emergency?.polite, routine].filter(Boolean).join('. ') || null,
  };
}
