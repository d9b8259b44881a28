/**
 * The crawler display's rotation (docs/product.md §States: one line at a time, next every 60 s with a 300 ms
 * fade, the countdown back to 60 s). Pure, so the timing rules are tested without a DOM or timers.
 */

/** The content's lines: a headline never holds a newline, but an old file might; blanks skip. */
export function splitCrawlerLines(headlines: readonly string[]): string[] {
  return headlines
    .flatMap((headline) => headline.split(/\r?\n/))
    .map((line) => line.trim())
    .filter((line) => line.length > 0);
}

export function nextLineIndex(index: number, count: number): number {
  return count > 0 ? (index + 1) % count : 0;
}

/** The list may shrink under the display (a removal elsewhere): start over rather than go blank. */
export function clampLineIndex(index: number, count: number): number {
  return index >= 0 && index < count ? index : 0;
}

/** Whole seconds shown in 'Next update in Ns': never below 0, and 60 right after a change. */
export function secondsUntilNext(cycleStart: number, now: number, rotationMs: number): number {
  return Math.max(0, Math.ceil((cycleStart + rotationMs - now) / 1000));
}

export interface RotationState {
  index: number;
  /** When the current line appeared (ms); null until the display has lines to show. */
  cycleStart: number | null;
}

/**
 * One clock tick. Returns the same object when nothing changes (so React skips a render) and
 * `due: true` when the line should fade to the next one; the cycle restarts at that moment.
 */
export function rotationTick(
  state: RotationState,
  now: number,
  count: number,
  rotationMs: number,
): { state: RotationState; due: boolean } {
  if (count < 1) return { state: state.cycleStart === null ? state : { index: 0, cycleStart: null }, due: false };
  if (state.cycleStart === null) return { state: { index: 0, cycleStart: now }, due: false };
  if (now - state.cycleStart < rotationMs) return { state, due: false };
  return { state: { index: clampLineIndex(state.index, count), cycleStart: now }, due: true };
}
