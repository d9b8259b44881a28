import { useEffect, useRef, useState } from 'react';
import { CRAWLER_FADE_MS, CRAWLER_ROTATION_MS } from '@shared/constants';
import { clampLineIndex, nextLineIndex, rotationTick, secondsUntilNext, type RotationState } from './crawler-rotation';

/** A quarter-second clock keeps the 60 s switch within 250 ms without re-rendering each tick. */
const TICK_MS = 250;

export interface CrawlerRotation {
  index: number;
  /** True during the 300 ms fade-out before the next line. */
  fading: boolean;
  secondsLeft: number;
}

/** Drives the crawler display: which line shows, the fade, and 'Next update in Ns'. */
export function useCrawlerRotation(count: number): CrawlerRotation {
  const [index, setIndex] = useState(0);
  const [fading, setFading] = useState(false);
  const [secondsLeft, setSecondsLeft] = useState(CRAWLER_ROTATION_MS / 1000);
  const countRef = useRef(count);
  const running = count > 0;

  useEffect(() => {
    countRef.current = count;
  }, [count]);

  useEffect(() => {
    if (!running) return;
    let state: RotationState = { index: 0, cycleStart: null };
    let fadeTimer: ReturnType<typeof setTimeout> | undefined;
    const tick = () => {
      const now = Date.now();
      const result = rotationTick(state, now, countRef.current, CRAWLER_ROTATION_MS);
      state = result.state;
      setSecondsLeft(secondsUntilNext(state.cycleStart ?? now, now, CRAWLER_ROTATION_MS));
      if (!result.due) return;
      setFading(true);
      fadeTimer = setTimeout(() => {
        state = { ...state, index: nextLineIndex(state.index, countRef.current) };
        setIndex(state.index);
        setFading(false);
      }, CRAWLER_FADE_MS);
    };
    tick();
    const timer = setInterval(tick, TICK_MS);
    return () => {
      clearInterval(timer);
      clearTimeout(fadeTimer);
      setIndex(0);
      setFading(false);
    };
  }, [running]);

  return { index: clampLineIndex(index, count), fading, secondsLeft };
}
