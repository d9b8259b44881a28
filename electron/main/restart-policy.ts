/**
 * When to restart the server process after it died. Pure, so the timings are unit-tested.
 * Exponential backoff keeps a server that crashes at start (corrupt file, full disk) from
 * spinning a core the playout PC needs; a run that lasted a while resets the count, so one crash
 * a week restarts at once; after many quick crashes in a row the host stops and says so.
 */
export interface RestartPolicy {
  baseDelayMs: number;
  maxDelayMs: number;
  /** A run at least this long counts as healthy: the next crash starts the backoff over. */
  stableAfterMs: number;
  /** Consecutive quick crashes after which the host gives up and shows the error. */
  maxQuickCrashes: number;
}

export const DEFAULT_RESTART_POLICY: RestartPolicy = {
  baseDelayMs: 500,
  maxDelayMs: 30_000,
  stableAfterMs: 60_000,
  maxQuickCrashes: 8,
};

export type RestartDecision =
  { restart: true; delayMs: number; quickCrashes: number } | { restart: false; quickCrashes: number };

/** `quickCrashes`: the count before this crash; `ranForMs`: how long the process that died had been up. */
export function decideRestart(
  quickCrashes: number,
  ranForMs: number,
  policy: RestartPolicy = DEFAULT_RESTART_POLICY,
): RestartDecision {
  const count = (ranForMs >= policy.stableAfterMs ? 0 : quickCrashes) + 1;
  if (count > policy.maxQuickCrashes) return { restart: false, quickCrashes: count };
  const delayMs = Math.min(policy.baseDelayMs * 2 ** (count - 1), policy.maxDelayMs);
  return { restart: true, delayMs, quickCrashes: count };
}
