import { PROMPTER_EDIT_RANGES, PROMPTER_PX_PER_STEP, PROMPTER_SPEED_STEP } from '@shared/constants';

const { min: SPEED_MIN, max: SPEED_MAX } = PROMPTER_EDIT_RANGES.scrollSpeed;
/** A frame later than this (a hidden tab, a breakpoint) moves as if it took this long: no jumps. */
export const MAX_FRAME_MS = 100;

/** The reader's speed range is the edit range, 30–300 ms (a prompter created at 10 reads at 30). */
export function clampSpeed(speed: number): number {
  return Math.min(SPEED_MAX, Math.max(SPEED_MIN, Math.round(speed)));
}

/** Quick speed buttons: 'faster' lowers the milliseconds by 20, 'slower' raises them. */
export function stepSpeed(speed: number, direction: 'faster' | 'slower'): number {
  return clampSpeed(speed + (direction === 'faster' ? -PROMPTER_SPEED_STEP : PROMPTER_SPEED_STEP));
}

export function pixelsPerSecond(speed: number): number {
  return (PROMPTER_PX_PER_STEP * 1000) / clampSpeed(speed);
}

/**
 * Where the script is after `elapsedMs` at `speed`: by time, never by frame count, so 60 Hz and
 * 144 Hz screens move the same distance per second.
 */
export function advance(position: number, elapsedMs: number, speed: number, max: number): number {
  const dt = Math.min(MAX_FRAME_MS, Math.max(0, elapsedMs));
  return clampPosition(position + (dt * pixelsPerSecond(speed)) / 1000, max);
}

export function clampPosition(position: number, max: number): number {
  return Math.min(Math.max(0, max), Math.max(0, position));
}

/** Section layout in the reader: each section's top and height in content pixels. */
export interface SectionBox {
  top: number;
  height: number;
}

/** The section whose box holds the reading line (the last one starting at or above it). */
export function sectionIndexAt(boxes: readonly SectionBox[], position: number): number {
  let lo = 0;
  let hi = boxes.length - 1;
  let found = 0;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (boxes[mid]!.top <= position + 0.5) {
      found = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return found;
}

/** How far into its section the reading line is, 0–1. */
export function fractionIn(box: SectionBox, position: number): number {
  if (box.height <= 0) return 0;
  return Math.min(1, Math.max(0, (position - box.top) / box.height));
}
