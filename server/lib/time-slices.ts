import { syncWalOffLoop } from '../db/fast-commit';
import type { Q, Store, Writer } from '../db/store';
import type { OnAirGate } from './on-air-gate';

/**
 * Air first (issue 40: one place owns it). Long jobs on the one event loop (a 20 000-row import, a
 * feed's 500 entries, a Sheets push) are written as plain slices of a few milliseconds, and this
 * runner hands the loop back before each slice. A CG write is several hops (temp file, fsync,
 * rename, commit, reply) and each hop would otherwise queue behind a slice; so before a slice the
 * runner also
 * - fsyncs, on libuv's pool, what the previous slices committed without one (sliceCommit): their
 *   pages are not left for the next FULL commit — the job's own or an on-air write's — to flush
 *   on the loop (db/fast-commit.ts);
 * - waits while an on-air write is in progress — air first, as reads do (lib/on-air-gate.ts).
 *
 *     for await (const chunk of airFirst(ctx.onAir, chunks)) await sliceCommit(ctx.store, station, (tx) => insert(tx, chunk));
 *
 * A job written this way cannot forget to give way: it never calls the yield itself.
 */
export async function* airFirst<T>(onAir: OnAirGate, slices: Iterable<T> | AsyncIterable<T>): AsyncGenerator<T> {
  for await (const slice of slices) {
    await yieldToAir(onAir);
    yield slice;
  }
  // The last slice's commit reaches the disk off the loop too, not with the next FULL commit on it.
  await syncWalOffLoop();
}

/**
 * A job's closing write (its activity entry, its last-run time): after air, committed without an
 * fsync on the loop and made durable — with every slice before it — off the loop before this
 * resolves, so the job may then answer "done". A FULL commit here would fsync on the event loop
 * (3–15 ms on the reference machine) while an on-air write waits behind it.
 */
export async function closeJob<T>(
  onAir: OnAirGate,
  store: Store,
  writer: Writer,
  run: (tx: Q) => Promise<T>,
): Promise<T> {
  await afterAir(onAir);
  return store.write(writer, run, { durability: 'off-loop' });
}

/** A job of one slice (a poll's start, a job's last step): `step` runs after air, as airFirst's slices do. */
export async function airStep<T>(onAir: OnAirGate, step: () => T | Promise<T>): Promise<T> {
  await yieldToAir(onAir);
  return step();
}

/**
 * Slices while `more()` says so: the slices of a loop that ends on its own (a page's changed rows
 * committed `within()` a few ms each), for airFirst.
 */
export function* whileMore(more: () => boolean): Generator<void> {
  while (more()) yield;
}

/**
 * A slice's commit (inside airFirst): without an fsync on the loop — the runner fsyncs it off the
 * loop before the next slice, and the job's last FULL or off-loop (`closeJob`) commit makes every
 * slice durable before it answers.
 */
export function sliceCommit<T>(store: Store, writer: Writer, run: (tx: Q) => Promise<T>): Promise<T> {
  return store.write(writer, run, { durability: 'later' });
}

export const SLICE_MS = 4;

/**
 * The runner's turn between slices (airFirst, airStep); also the pause the news list's slices are
 * sent with (lib/response-cache.ts sendList).
 */
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
