import type { CgWritableType } from '@shared/contracts/cg-files';
import type { OverlayTexts } from '@shared/contracts/overlay';

/**
 * /outputs' preview with "Sample text": what is off air shows these, so a layout can be judged
 * with nothing on air. Never on a real output (only with ?sample=1, which /outputs alone adds).
 * Emergency is left out: it would cover everything else.
 */
const SAMPLE: OverlayTexts = {
  titlebar: 'Live',
  headline: 'Sample headline for the lower third',
  subheadline: 'Sample subheadline',
  breakingnews: 'Sample breaking news bar',
  infoline: 'Sample info line',
  hashtag_bar: '#Sample',
  program_bar: 'Sample programme',
  team1: 'HOME',
  score1: '0',
  team2: 'AWAY',
  score2: '0',
  timer: '00:00',
  news_crawler: 'First sample crawler line\nSecond sample crawler line\nThird sample crawler line',
};

export const withSamples = (texts: OverlayTexts): OverlayTexts => {
  const out: OverlayTexts = { ...texts };
  for (const [type, value] of Object.entries(SAMPLE) as Array<[CgWritableType, string]>)
    if (!out[type]) out[type] = value;
  // The two programme-bar types are one element: a live programmebar is not replaced by the sample.
  if (texts.programbar) delete out.program_bar;
  return out;
};

export const sampleOf = (type: CgWritableType): string => SAMPLE[type] ?? '';
