import { CRAWLER_HEADLINE_MAX, CRAWLER_MAX_HEADLINES, type CG_WRITABLE_TYPES } from './constants';

type CgWritableType = (typeof CG_WRITABLE_TYPES)[number];

/**
 * What each CG type's graphics template can hold (issue 8 §3; the numbers are explained in
 * docs/decisions.md "On-air text rules"). Server and UI both read this one table: the UI counts
 * and blocks, the server refuses with 400 naming the rule.
 */
export interface OnAirRule {
  /** Short name used in messages, e.g. "Headline". */
  label: string;
  /** Multi-line types keep line breaks; single-line types refuse them (the UI folds them first). */
  multiline: boolean;
  /** Maximum characters (Unicode code points) of one line. */
  maxLineLength: number;
  /** Maximum number of lines (1 for single-line types). */
  maxLines: number;
}

const line = (label: string, maxLineLength: number): OnAirRule => ({
  label,
  multiline: false,
  maxLineLength,
  maxLines: 1,
});

export const ON_AIR_RULES: Record<CgWritableType, OnAirRule> = {
  headline: line('Headline', 120),
  subheadline: line('Subheadline', 160),
  breakingnews: line('Breaking news', 120),
  emergency: { label: 'Emergency', multiline: true, maxLineLength: 160, maxLines: 3 },
  infoline: line('Info line', 200),
  programbar: line('Program bar', 80),
  titlebar: line('Title bar', 80),
  score1: line('Score 1', 10),
  score2: line('Score 2', 10),
  team1: line('Team 1', 40),
  team2: line('Team 2', 40),
  timer: line('Timer', 16),
  hashtag_bar: line('Hashtag bar', 80),
  program_bar: line('Program bar', 80),
  news_crawler: {
    label: 'News crawler',
    multiline: true,
    maxLineLength: CRAWLER_HEADLINE_MAX,
    maxLines: CRAWLER_MAX_HEADLINES,
  },
};

/**
 * Control characters are never allowed on air: C0 (line feed only in multi-line types), DEL, C1,
 * and the Unicode line/paragraph separators that some renderers break lines on.
 */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0009\u000B-\u001F\u007F-\u009F\u2028\u2029]/u;
// eslint-disable-next-line no-control-regex
const CONTROL_OR_NEWLINE = /[\u0000-\u001F\u007F-\u009F\u2028\u2029]/u;

/** Length as a viewer counts it: code points, so an emoji or a Thaana letter counts once. */
export const textLength = (text: string): number => [...text].length;

/** Pasted text for a single-line type: every run of line breaks (and the blanks around it) becomes one space, tabs too. */
export function foldLineBreaks(text: string): string {
  return text.replace(/[ \t]*(\r\n|\r|\n|\u2028|\u2029)+[ \t]*/gu, ' ').replace(/\t/g, ' ');
}

/** True when the text holds line breaks a single-line type would refuse. */
export const hasLineBreaks = (text: string): boolean => /[\r\n\u2028\u2029]/u.test(text);

/**
 * The rule a text breaks on a type, as a message naming it, or null when it may go on air.
 * Empty text is always allowed (it clears the graphic).
 */
export function onAirTextProblem(type: CgWritableType, text: string): string | null {
  const rule = ON_AIR_RULES[type];
  if (!rule.multiline && hasLineBreaks(text)) return `${rule.label} must be a single line`;
  if ((rule.multiline ? CONTROL : CONTROL_OR_NEWLINE).test(text))
    return `${rule.label} must not contain control characters`;
  const lines = rule.multiline ? text.split('\n') : [text];
  if (lines.length > rule.maxLines)
    return `${rule.label} holds at most ${rule.maxLines} lines (this text has ${lines.length})`;
  const longest = lines.reduce((max, l) => Math.max(max, textLength(l)), 0);
  if (longest > rule.maxLineLength) {
    const what = rule.multiline ? 'Each line of ' + rule.label.toLowerCase() : rule.label;
    return `${what} must be at most ${rule.maxLineLength} characters (this text has ${longest})`;
  }
  return null;
}
