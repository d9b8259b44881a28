import { syncWalOffLoop } from '../db/fast-commit';
import type { OnAirGate } from './on-air-gate';

/**
 * Long jobs on the one event loop (a 20 000-row import) run in slices of a few milliseconds and
 * hand the loop back between slices. A CG write is several hops (temp file, fsync, rename, commit,
 * reply) and each hop would otherwise queue behind a slice; so between slices the job also waits
 * while an on-air write is in progress — air first, as reads do (server/lib/on-air-gate.ts).
 */
export const SLICE_MS = 4;

export async function yieldToAir(onAir: OnAirGate): Promise<void> {
  // What the last slice committed without an fsync is flushed off the loop first (db/fast-commit.ts).
  await syncWalOffLoop();
  await new Promise<void>((resolve) => setImmediate(resolve));
  while (onAir.isBusy) await new Promise<void>((resolve) => setTimeout(resolve, 1));
}

/** True until `ms` have passed since it was made: the "keep going" test of one slice. */
export function within(ms = SLICE_MS): () => boolean {
  const end = performance.now() + ms;
  return () => performance.now() < end;
}

/**
 * For a single short write a user started (a login's session row): it goes after an on-air write
 * in progress instead of putting its commit (an fsync on the event loop) between the write's hops.
 * No extra turn of the loop when air is idle.
 */
export async function afterAir(onAir: OnAirGate): Promise<void> {
  while (onAir.isBusy) await new Promise<void>((resolve) => setTimeout(resolve, 1));
}
