import { describe, expect, it } from 'vitest';
import { advance, clampSpeed, MAX_FRAME_MS, pixelsPerSecond, sectionIndexAt, stepSpeed } from './scroll-engine';

/** Runs the engine for `seconds` at a display's refresh rate, as requestAnimationFrame would. */
function runFor(seconds: number, hz: number, speed: number): number {
  let position = 0;
  const frame = 1000 / hz;
  for (let t = 0; t < seconds * 1000 - 1e-9; t += frame) position = advance(position, frame, speed, 1e9);
  return position;
}

describe('scroll engine', () => {
  it('moves by time: 60 Hz and 144 Hz screens cover the same distance in a second', () => {
    const at60 = runFor(1, 60, 100);
    const at144 = runFor(1, 144, 100);
    expect(at60).toBeCloseTo(20, 6);
    expect(at144).toBeCloseTo(20, 6);
    expect(runFor(2, 144, 30)).toBeCloseTo(2 * pixelsPerSecond(30), 6);
  });

  it('lower milliseconds are faster; speed stays within 30–300 in steps of 20', () => {
    expect(pixelsPerSecond(30)).toBeGreaterThan(pixelsPerSecond(300));
    expect(clampSpeed(10)).toBe(30);
    expect(clampSpeed(400)).toBe(300);
    expect(stepSpeed(100, 'faster')).toBe(80);
    expect(stepSpeed(100, 'slower')).toBe(120);
    expect(stepSpeed(40, 'faster')).toBe(30);
    expect(stepSpeed(290, 'slower')).toBe(300);
  });

  it('a late frame moves at most MAX_FRAME_MS worth, and never past the ends', () => {
    expect(advance(0, 5000, 100, 1e9)).toBeCloseTo((MAX_FRAME_MS * 20) / 1000, 6);
    expect(advance(995, 1000, 30, 1000)).toBe(1000);
    expect(advance(10, -50, 30, 1000)).toBe(10);
  });

  it('finds the section holding the reading line', () => {
    const boxes = [
      { top: 0, height: 100 },
      { top: 100, height: 50 },
      { top: 150, height: 400 },
    ];
    expect(sectionIndexAt(boxes, 0)).toBe(0);
    expect(sectionIndexAt(boxes, 99)).toBe(0);
    expect(sectionIndexAt(boxes, 100)).toBe(1);
    expect(sectionIndexAt(boxes, 149.7)).toBe(2); // half a pixel short still counts as arrived
    expect(sectionIndexAt(boxes, 10_000)).toBe(2);
    expect(sectionIndexAt([], 10)).toBe(0);
  });
});
