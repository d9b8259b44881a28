import { useEffect, useEffectEvent } from 'react';

/**
 * Calls `onFrame(elapsedMs, now)` on every animation frame while `active`. Elapsed time comes from
 * the frame timestamps, so motion is the same on 60 Hz and 144 Hz screens; the first frame after
 * starting has elapsed 0 (no jump for the time spent paused).
 */
export function useAnimationFrames(active: boolean, onFrame: (elapsedMs: number, now: number) => void): void {
  const frameEvent = useEffectEvent(onFrame);
  useEffect(() => {
    if (!active) return;
    let last: number | null = null;
    let id = requestAnimationFrame(function frame(now) {
      frameEvent(last === null ? 0 : now - last, now);
      last = now;
      id = requestAnimationFrame(frame);
    });
    return () => cancelAnimationFrame(id);
  }, [active]);
}
