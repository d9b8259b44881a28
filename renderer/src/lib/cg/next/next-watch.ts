import type { CgNext } from '@shared/contracts/cg-next';

/**
 * Issue 38, point 3: two desks share NEXT. A NEXT another desk changed is shown as such and Take
 * is not armed until this operator has had the new NEXT on screen for ARMING_MS — or presses Take
 * a second time (docs/decisions.md, "Take arms after a look"). Pure rules here; next-watch-hook.ts
 * holds the state.
 */

/** Sofie refuses a Take within 1 s of the last (minimum take span); reading a changed line takes a little longer. */
export const ARMING_MS = 1500;
/** A second press closer than this to the first is a double-click, not a second look. */
export const SECOND_LOOK_MS = 400;
/** How long another desk's change stays marked as "just now" (who, what) after it appeared here. */
export const FOREIGN_SHOWN_MS = 15_000;

type Change = CgNext['changes'][number];
export interface NextDiff {
  type: Change['type'];
  /** Text before (null: the type was not in NEXT). */
  before: string | null;
  /** Text now (null: the type left NEXT). */
  after: string | null;
}

export interface ForeignChange {
  version: number;
  by: string;
  /** When it appeared on this screen (ms, this computer's clock). */
  seenAt: number;
  diff: NextDiff[];
}

/** What changed between two NEXTs, type by type, in the order of the newer one. */
export function diffNext(before: readonly Change[], after: readonly Change[]): NextDiff[] {
  const old = new Map(before.map((c) => [c.type, c.content]));
  const now = new Map(after.map((c) => [c.type, c.content]));
  const changed: NextDiff[] = after
    .filter((c) => old.get(c.type) !== c.content)
    .map((c) => ({ type: c.type, before: old.get(c.type) ?? null, after: c.content }));
  const gone: NextDiff[] = before
    .filter((c) => !now.has(c.type))
    .map((c) => ({ type: c.type, before: c.content, after: null }));
  return [...changed, ...gone];
}

/**
 * Whether this NEXT was changed by another desk: another user staged it, or this user from
 * another screen (a version this screen did not produce, arriving while it sent nothing).
 * An empty NEXT has nothing to take: never "another desk's".
 */
export function changedElsewhere(
  next: CgNext,
  me: number,
  own: { isOwn: (version: number) => boolean; sentRecently: boolean },
): boolean {
  if (!next.changes.length || !next.updatedBy) return false;
  if (next.updatedBy.userId !== me) return true;
  return !own.isOwn(next.version) && !own.sentRecently;
}

/**
 * The watch's next state when a NEXT version arrives. Another desk's change starts a new arming
 * time; this desk's own change keeps the marking of what the other desk put there and is still in
 * NEXT (its arming time runs on), and drops what it replaced; an empty NEXT (taken, cleared) ends it.
 */
export function nextForeign(
  current: ForeignChange | null,
  shown: readonly Change[],
  next: CgNext,
  elsewhere: boolean,
  now: number,
): ForeignChange | null {
  if (!next.changes.length) return null;
  if (elsewhere)
    return {
      version: next.version,
      by: next.updatedBy?.fullName ?? 'another operator',
      seenAt: now,
      diff: diffNext(shown, next.changes),
    };
  if (!current) return null;
  const staged = new Map(next.changes.map((c) => [c.type, c.content]));
  const still = current.diff.filter((d) => (d.after === null ? !staged.has(d.type) : staged.get(d.type) === d.after));
  if (still.length === current.diff.length) return current;
  return still.length ? { ...current, diff: still } : null;
}

export const isArmed = (foreign: ForeignChange | null, now: number): boolean =>
  !foreign || now - foreign.seenAt >= ARMING_MS;

/**
 * A Take press: 'take', or 'hold' while another desk's change is still arming. The first held
 * press is remembered; a press at least SECOND_LOOK_MS after it takes (the operator has looked).
 */
export function pressTake(foreign: ForeignChange | null, heldAt: number | null, now: number): 'take' | 'hold' {
  if (isArmed(foreign, now)) return 'take';
  return heldAt !== null && now - heldAt >= SECOND_LOOK_MS ? 'take' : 'hold';
}
