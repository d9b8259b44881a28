import { estimateNewsSeconds } from '@shared/bulletin-running-time';
import { formatClock, parseClock } from '@shared/bulletin-back-timing';
import {
  BULLETIN_BREAK_DEFAULT_SECONDS,
  BULLETIN_DEFAULT_DURATION,
  BULLETIN_HEADLINE_DEFAULT_SECONDS,
  type BULLETIN_BREAK_TYPES,
} from '@shared/constants';
import type { Bulletin } from '@shared/contracts/bulletins';
import type { News } from '@shared/contracts/news';

export type BreakType = (typeof BULLETIN_BREAK_TYPES)[number];

/** One row of the running order while editing; `key` is stable across drags. */
export interface DraftItem {
  key: string;
  type: 'news' | 'break' | 'headline';
  newsId: number | null;
  breakType: string | null;
  /** What the row shows: the article title, the break type, or "(article removed)". */
  label: string;
  subtitle: string | null;
  removed: boolean;
  /** Entered seconds (null = the default / estimate in `estimate`). */
  seconds: number | null;
  estimate: number;
}

export interface BulletinFormValues {
  title: string;
  broadcastTime: string;
  duration: number | string;
  /** datetime-local text, e.g. 2026-11-23T20:00 */
  scheduledTime: string;
  items: DraftItem[];
}

export type BulletinFieldErrors = Partial<
  Record<'title' | 'broadcastTime' | 'duration' | 'scheduledTime' | 'items', string>
>;

export const REMOVED_LABEL = '(article removed)';

let seq = 0;
const nextKey = () => `item-${++seq}`;

/** datetime-local wants local time without zone or seconds. */
export function toLocalInput(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

export function emptyBulletinForm(now = new Date()): BulletinFormValues {
  return {
    title: '',
    broadcastTime: '',
    duration: BULLETIN_DEFAULT_DURATION,
    scheduledTime: toLocalInput(now.toISOString()),
    items: [],
  };
}

export function bulletinFormFrom(b: Bulletin): BulletinFormValues {
  return {
    title: b.title,
    broadcastTime: b.broadcastTime,
    duration: b.duration,
    scheduledTime: toLocalInput(b.scheduledTime),
    items: b.bulletinItems.map((i) => ({
      key: nextKey(),
      type: i.type,
      newsId: i.newsId,
      breakType: i.breakType,
      label:
        i.type === 'news'
          ? i.articleRemoved
            ? REMOVED_LABEL
            : (i.newsTitle ?? REMOVED_LABEL)
          : i.type === 'break'
            ? (i.breakType ?? 'BREAK')
            : 'HEADLINES',
      subtitle: i.newsSubtitle,
      removed: i.articleRemoved,
      seconds: i.durationEstimated ? null : i.durationSeconds,
      estimate: i.durationEstimated
        ? i.durationSeconds
        : i.type === 'break'
          ? BULLETIN_BREAK_DEFAULT_SECONDS
          : BULLETIN_HEADLINE_DEFAULT_SECONDS,
    })),
  };
}

export function newsItem(article: News): DraftItem {
  return {
    key: nextKey(),
    type: 'news',
    newsId: article.id,
    breakType: null,
    label: article.title,
    subtitle: article.subtitle,
    removed: false,
    seconds: null,
    estimate: estimateNewsSeconds(article.title, article.content),
  };
}

export function breakItem(breakType: BreakType): DraftItem {
  return {
    key: nextKey(),
    type: 'break',
    newsId: null,
    breakType,
    label: breakType,
    subtitle: null,
    removed: false,
    seconds: null,
    estimate: BULLETIN_BREAK_DEFAULT_SECONDS,
  };
}

export const itemSeconds = (item: DraftItem) => item.seconds ?? item.estimate;
export const plannedSeconds = (items: readonly DraftItem[]) => items.reduce((sum, i) => sum + itemSeconds(i), 0);

/** Moves one item; null when nothing changes. */
export function moveItem<T>(items: readonly T[], from: number, to: number): T[] | null {
  if (from < 0 || to < 0 || from >= items.length || to >= items.length || from === to) return null;
  const next = [...items];
  const [moved] = next.splice(from, 1);
  next.splice(to, 0, moved as T);
  return next;
}

/** The spec's messages (001 §5), checked before sending; the server checks the same. */
export function toBulletinBody(values: BulletinFormValues) {
  const errors: BulletinFieldErrors = {};
  const duration = typeof values.duration === 'number' ? values.duration : Number(values.duration);
  const scheduled = new Date(values.scheduledTime);
  if (!values.title.trim()) errors.title = 'Title is required';
  if (!values.broadcastTime.trim()) errors.broadcastTime = 'Broadcast time is required';
  if (values.duration === '' || !Number.isInteger(duration) || duration < 1) errors.duration = 'Duration is required';
  if (!values.scheduledTime || Number.isNaN(scheduled.getTime())) errors.scheduledTime = 'Scheduled time is required';
  if (!values.items.length) errors.items = 'Please add at least one item to the bulletin';
  if (Object.keys(errors).length) return { ok: false as const, errors };
  return {
    ok: true as const,
    body: {
      title: values.title.trim(),
      broadcastTime: values.broadcastTime.trim(),
      duration,
      scheduledTime: scheduled.toISOString(),
      bulletinItems: values.items.map((i) => ({
        type: i.type,
        newsId: i.newsId,
        breakType: i.breakType,
        durationSeconds: i.seconds,
      })),
    },
  };
}
export type BulletinBody = Extract<ReturnType<typeof toBulletinBody>, { ok: true }>['body'];

/**
 * Issue 39 point 5: Broadcast time (the clock time read on air, free text in the spec) and
 * Scheduled time (the date and time in the schedule) are both the spec's. While they say the same
 * clock (or the broadcast time is blank), the form keeps them in step: either fills the other.
 */
const clockOfLocal = (local: string): string | null =>
  /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(local) ? local.slice(11, 16) : null;

export function timesInStep(broadcastTime: string, scheduledLocal: string): boolean {
  if (!broadcastTime.trim()) return true;
  const clock = clockOfLocal(scheduledLocal);
  const parsed = parseClock(broadcastTime);
  return clock !== null && parsed !== null && parseClock(clock) === parsed - (parsed % 60);
}

/** "2026-11-28T06:30" → "06:30". */
export function broadcastFromScheduled(scheduledLocal: string): string | null {
  return clockOfLocal(scheduledLocal);
}

/** The scheduled day at the broadcast clock; null while the broadcast time is not a clock. */
export function scheduledAtBroadcast(scheduledLocal: string, broadcastTime: string): string | null {
  const seconds = parseClock(broadcastTime);
  if (seconds === null || clockOfLocal(scheduledLocal) === null) return null;
  return `${scheduledLocal.slice(0, 11)}${formatClock(seconds).slice(0, 5)}`;
}
