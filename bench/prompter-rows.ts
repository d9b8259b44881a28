import os from 'node:os';
import type { ApiClient } from '../server/test/api-client';
import { benchPrompterFrames, DROPPED_OVER_MS, type FramesCondition } from './prompter-frames';
import { benchPrompterRelay } from './prompter-relay';
import { formatRow } from './stats';

const OWNER = { username: 'owner', password: 'owner-password' } as const;

const slowFrames = (c: FramesCondition) =>
  `${c.dropped} intervals > ${DROPPED_OVER_MS.toFixed(1)} ms, ${c.longAnimationFrames} long animation frames, ${c.longTasks} long tasks, moved ${c.movedPx} px`;

/**
 * Issue 11 (prompter) rows for `npm run bench`: follower relay latency, then the reader's frame
 * intervals. Each row is pushed as soon as it is measured; returns notes for the report.
 */
export async function prompterRows(api: ApiClient, push: (...lines: string[]) => void): Promise<string[]> {
  const relay = await benchPrompterRelay(api, { followers: 20, seconds: 20 });
  push(
    formatRow(
      `Prompter position → slowest of ${relay.followers} followers got it (per message; interleaved)`,
      relay.slowest,
      `p99 ≤ 100; lost ${relay.lost}`,
    ),
    formatRow('  same, every follower receipt', relay.receipts, ''),
    formatRow('  baseline: ping → pong full round trip, same sockets (interleaved)', relay.ping, ''),
  );
  const load = (): string => os.loadavg()[0]!.toFixed(1);
  const loadBefore = load();
  const frames = await benchPrompterFrames(api, OWNER);
  const c = frames.conditions;
  push(
    formatRow(
      `Prompter playing full screen, ${frames.wordsRendered}-word script, 48 px, 1920×1080: rAF interval (interleaved 2 s blocks)`,
      c.playing.intervals,
      `0 dropped: ${slowFrames(c.playing)}`,
    ),
    formatRow('  baseline: same page, prompter paused', c.paused.intervals, slowFrames(c.paused)),
    formatRow(
      '  control: paused, the bench moves the script at the same speed (fractional px, no app code)',
      c.mover.intervals,
      slowFrames(c.mover),
    ),
    formatRow('  control: same, rounded to whole pixels', c.moverWhole.intervals, slowFrames(c.moverWhole)),
  );
  return [
    `Prompter frames: ${frames.words} words seeded in ${frames.sections} sections, ${frames.wordsRendered} words in the script element; headless Chromium, no GPU; observers: ${frames.supported.join(', ') || 'none'}; 1-min load average ${loadBefore} before, ${load()} after (${os.cpus().length} cores)`,
  ];
}
