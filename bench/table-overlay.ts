import type { ApiClient } from '../server/test/api-client';
import { benchOverlayPaint, benchOverlayTicker, FRAME_MS } from './overlay-frames';
import { p99AtMost, summaryRow, type BenchRow } from './results';

const OVERLAY = 'HTML overlay';

/** Issue 25 rows: headline paint after the POST (docs/design-rules.md §7: p99 ≤ 100 ms), then the 60 s ticker. */
export async function overlayRows(api: ApiClient): Promise<BenchRow[]> {
  const paint = await benchOverlayPaint(api);
  const ticker = await benchOverlayTicker(api);
  const twoFrames = 2 * FRAME_MS;
  const noLongFrame = {
    text: `0 intervals > ${twoFrames.toFixed(1)}: ${ticker.overTwoFrames}`,
    ok: () => ticker.overTwoFrames === 0,
  };
  return [
    summaryRow(OVERLAY, 'POST update-direct → headline painted (Chromium, 1920×1080)', paint.latencies, p99AtMost(100)),
    summaryRow(OVERLAY, '  the server’s answer to the same POSTs', paint.answered),
    summaryRow(
      OVERLAY,
      `Ticker 60 s at ${ticker.tickerSpeed} px/s, ${ticker.linesAdded} lines added while running: frame interval (${ticker.overOneAndHalf} > ${(1.5 * FRAME_MS).toFixed(1)}; ${ticker.longAnimationFrames} long animation frames)`,
      ticker.intervals,
      noLongFrame,
    ),
    summaryRow(
      OVERLAY,
      `  baseline: same page ${ticker.baseline.seconds} s, ticker stopped (${ticker.baseline.overTwoFrames} > ${twoFrames.toFixed(1)})`,
      ticker.baseline.intervals,
    ),
    summaryRow(
      OVERLAY,
      `  on-screen speed of the text (worst step off speed × time: ${ticker.worstStepErrorPx} px)`,
      ticker.speed,
      undefined,
      'px/s',
    ),
  ];
}
