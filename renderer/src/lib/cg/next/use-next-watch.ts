import { useEffect, useRef, useState } from 'react';
import type { CgNext } from '@shared/contracts/cg-next';
import { useCurrentUser } from '@/lib/session-store';
import { isOwnNext, sentRecently } from './own-next';
import {
  ARMING_MS,
  FOREIGN_SHOWN_MS,
  changedElsewhere,
  isArmed,
  nextForeign,
  pressTake,
  type ForeignChange,
} from './next-watch';

export interface NextWatch {
  /** Another desk's recent change (who, what), while it is "just now"; null otherwise. */
  foreign: ForeignChange | null;
  /** Take would air now (no change by another desk still arming). */
  armed: boolean;
  /** A Take press was held for a look; the next one airs. */
  held: boolean;
  /** A Take press: true when it may go to the server. */
  press: () => boolean;
}

/**
 * This screen's clock for the watch: re-renders when the next of `deadlines` (ms) passes, so
 * arming and "just now" end on screen by themselves.
 */
function useClock(deadlines: readonly number[]): number {
  const [now, setNow] = useState(() => Date.now());
  const key = deadlines.join(',');
  useEffect(() => {
    const t = Date.now();
    const due = key
      ? key
          .split(',')
          .map(Number)
          .filter((d) => d > t)
      : [];
    if (!due.length) return;
    const id = setTimeout(() => setNow(Date.now()), Math.min(...due) - t + 20);
    return () => clearTimeout(id);
  }, [key, now]);
  return now;
}

/**
 * Watches NEXT as this screen shows it (issue 38, point 3): marks a change made by another desk,
 * holds Take until it has been on screen for the arming time (or a second press), and forgets the
 * marking when NEXT is taken or cleared.
 */
export function useNextWatch(next: CgNext | undefined): NextWatch {
  const me = useCurrentUser().id;
  const [foreign, setForeign] = useState<ForeignChange | null>(null);
  const [heldAt, setHeldAt] = useState<number | null>(null);
  // The effect reads the marking it replaces without re-running on its own change.
  const foreignRef = useRef<ForeignChange | null>(null);
  const shown = useRef<{ version: number; changes: CgNext['changes'] } | null>(null);

  useEffect(() => {
    if (!next || shown.current?.version === next.version) return;
    const before = shown.current;
    shown.current = { version: next.version, changes: next.changes };
    // The first NEXT this screen loads is what it shows from the start: nothing changed under it.
    if (!before) return;
    const elsewhere = changedElsewhere(next, me, { isOwn: isOwnNext, sentRecently: sentRecently() });
    const updated = nextForeign(foreignRef.current, before.changes, next, elsewhere, Date.now());
    if (updated === foreignRef.current) return;
    foreignRef.current = updated;
    setForeign(updated);
    setHeldAt(null);
  }, [next, me]);

  const now = useClock(foreign ? [foreign.seenAt + ARMING_MS, foreign.seenAt + FOREIGN_SHOWN_MS] : []);
  const recent = foreign && now - foreign.seenAt < FOREIGN_SHOWN_MS ? foreign : null;

  const press = (): boolean => {
    const at = Date.now();
    if (pressTake(foreign, heldAt, at) === 'take') return true;
    if (heldAt === null) setHeldAt(at);
    return false;
  };
  return { foreign: recent, armed: isArmed(foreign, now), held: heldAt !== null && !isArmed(foreign, now), press };
}
