import { describe, expect, it } from 'vitest';
import { clampLineIndex, nextLineIndex, rotationTick, secondsUntilNext, splitCrawlerLines } from './crawler-rotation';

const ROTATION = 60_000;

describe('splitCrawlerLines', () => {
  it('splits on newlines, trims and drops blank lines', () => {
    expect(splitCrawlerLines(['A', ' B \r\nC', '', '   '])).toEqual(['A', 'B', 'C']);
  });

  it('keeps Thaana text as it is', () => {
    expect(splitCrawlerLines(['ދިވެހި ޚަބަރު'])).toEqual(['ދިވެހި ޚަބަރު']);
  });
});

describe('line index', () => {
  it('wraps to the first line after the last', () => {
    expect(nextLineIndex(0, 3)).toBe(1);
    expect(nextLineIndex(2, 3)).toBe(0);
    expect(nextLineIndex(4, 0)).toBe(0);
  });

  it('starts over when the list shrank below the current line', () => {
    expect(clampLineIndex(1, 3)).toBe(1);
    expect(clampLineIndex(3, 3)).toBe(0);
    expect(clampLineIndex(-1, 3)).toBe(0);
  });
});

describe('secondsUntilNext', () => {
  it('counts down whole seconds from 60 and never below 0', () => {
    expect(secondsUntilNext(1000, 1000, ROTATION)).toBe(60);
    expect(secondsUntilNext(1000, 1001, ROTATION)).toBe(60);
    expect(secondsUntilNext(1000, 2000, ROTATION)).toBe(59);
    expect(secondsUntilNext(1000, 60_500, ROTATION)).toBe(1);
    expect(secondsUntilNext(1000, 99_000, ROTATION)).toBe(0);
  });
});

describe('rotationTick', () => {
  it('starts the first cycle when lines arrive', () => {
    expect(rotationTick({ index: 0, cycleStart: null }, 5000, 2, ROTATION)).toEqual({
      state: { index: 0, cycleStart: 5000 },
      due: false,
    });
  });

  it('keeps the same state object before 60 s', () => {
    const state = { index: 1, cycleStart: 0 };
    const result = rotationTick(state, ROTATION - 1, 3, ROTATION);
    expect(result.state).toBe(state);
    expect(result.due).toBe(false);
  });

  it('is due at 60 s and restarts the countdown from that moment', () => {
    const result = rotationTick({ index: 1, cycleStart: 0 }, ROTATION + 400, 3, ROTATION);
    expect(result).toEqual({ state: { index: 1, cycleStart: ROTATION + 400 }, due: true });
    expect(secondsUntilNext(result.state.cycleStart ?? 0, ROTATION + 400, ROTATION)).toBe(60);
  });

  it('stops and forgets the cycle when the content empties', () => {
    expect(rotationTick({ index: 2, cycleStart: 0 }, 10, 0, ROTATION)).toEqual({
      state: { index: 0, cycleStart: null },
      due: false,
    });
    const idle = { index: 0, cycleStart: null };
    expect(rotationTick(idle, 10, 0, ROTATION).state).toBe(idle);
  });
});
