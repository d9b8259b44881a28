import { BULLETIN_NEWS_MIN_SECONDS, BULLETIN_READING_WORDS_PER_SECOND } from './constants';

const wordsIn = (text: string | null | undefined) => (text ? text.trim().split(/\s+/u).filter(Boolean).length : 0);

/**
 * Reading time of an article: title and text at 3 words a second (180 words a minute, a
 * common newsroom reading rate), at least 10 s. The server and the bulletin form use the same.
 */
export function estimateNewsSeconds(title: string | null | undefined, content: string | null | undefined): number {
  const words = wordsIn(title) + wordsIn(content);
  return Math.max(BULLETIN_NEWS_MIN_SECONDS, Math.ceil(words / BULLETIN_READING_WORDS_PER_SECOND));
}

/** 75 → "1:15"; 3600 → "60:00". */
export function formatSeconds(total: number): string {
  const s = Math.abs(Math.round(total));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

/** "+1:15 over", "2:00 under" or "on time" for planned seconds against a slot in minutes. */
export function overUnderText(plannedSeconds: number, slotMinutes: number): { text: string; over: boolean } {
  const diff = plannedSeconds - slotMinutes * 60;
  if (diff === 0) return { text: 'on time', over: false };
  return diff > 0
    ? { text: `+${formatSeconds(diff)} over`, over: true }
    : { text: `${formatSeconds(diff)} under`, over: false };
}
