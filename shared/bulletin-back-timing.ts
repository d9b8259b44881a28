import { formatSeconds } from './bulletin-running-time';

/**
 * Issue 39 point 5: back-timing of a bulletin's running order, for the preview and the list.
 * `onAir`: when each item goes to air, counted from the broadcast time through the durations.
 * `backTime`: the latest it may start for the bulletin to end with its slot (slot end minus the
 * item and everything after it) — the producer's back-time. When the broadcast time is not a clock
 * (the spec keeps it free text), both count from the start instead: "+1:15".
 */

const DAY = 24 * 3600;

/** "21:00", "9:05", "21:00:30", "21.30", "9 PM", "12:15 am" → seconds after midnight; else null. */
export function parseClock(text: string): number | null {
  const m = /^\s*(\d{1,2})(?:[:.](\d{2}))?(?:[:.](\d{2}))?\s*(am|pm)?\s*$/i.exec(text);
  if (!m) return null;
  let hours = Number(m[1]);
  const minutes = m[2] === undefined ? 0 : Number(m[2]);
  const seconds = m[3] === undefined ? 0 : Number(m[3]);
  const half = m[4]?.toLowerCase();
  // A bare hour ("21") is not read as a clock: only with minutes or am/pm.
  if (m[2] === undefined && !half) return null;
  if (minutes > 59 || seconds > 59) return null;
  if (half) {
    if (hours < 1 || hours > 12) return null;
    hours = (hours % 12) + (half === 'pm' ? 12 : 0);
  } else if (hours > 23) return null;
  return hours * 3600 + minutes * 60 + seconds;
}

/** Seconds after midnight → "21:04:30" (wraps past midnight). */
export function formatClock(seconds: number): string {
  const s = ((Math.round(seconds) % DAY) + DAY) % DAY;
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(Math.floor(s / 3600))}:${pad(Math.floor((s % 3600) / 60))}:${pad(s % 60)}`;
}

const relative = (seconds: number) => `${seconds < 0 ? '-' : '+'}${formatSeconds(seconds)}`;

export interface BackTiming {
  /** Per item, in running order. */
  items: Array<{ onAir: string; backTime: string }>;
  /** When the last item ends, and when the slot ends. */
  ends: string;
  slotEnds: string;
  /** Planned minus slot: positive = over. */
  overUnderSeconds: number;
  /** False when the broadcast time is not a clock: the times are offsets from the start. */
  clock: boolean;
}

export function backTime(broadcastTime: string, durations: readonly number[], slotMinutes: number): BackTiming {
  const start = parseClock(broadcastTime);
  const show = (offset: number) => (start === null ? relative(offset) : formatClock(start + offset));
  const total = durations.reduce((sum, d) => sum + d, 0);
  const slot = slotMinutes * 60;
  let elapsed = 0;
  const items = durations.map((d) => {
    const item = { onAir: show(elapsed), backTime: show(slot - (total - elapsed)) };
    elapsed += d;
    return item;
  });
  return { items, ends: show(total), slotEnds: show(slot), overUnderSeconds: total - slot, clock: start !== null };
}
