import { describe, expect, it } from 'vitest';
import type { CgNext } from '@shared/contracts/cg-next';
import { ARMING_MS, SECOND_LOOK_MS, changedElsewhere, diffNext, isArmed, nextForeign, pressTake } from './next-watch';

const ME = 1;
const next = (version: number, by: number | null, changes: CgNext['changes']): CgNext => ({
  takeMode: true,
  version,
  changes,
  updatedBy: by === null ? null : { userId: by, fullName: by === ME ? 'Operator One' : 'Operator Two' },
  updatedAt: '2026-11-28T10:00:00.000Z',
  lastTake: null,
});
const mine = { isOwn: () => false, sentRecently: false };

describe('another desk changed NEXT (issue 38, point 3)', () => {
  it('says what changed, type by type', () => {
    expect(
      diffNext(
        [
          { type: 'headline', content: 'Operator one' },
          { type: 'infoline', content: 'Roads' },
        ],
        [
          { type: 'headline', content: 'Operator TWO' },
          { type: 'titlebar', content: 'Late' },
        ],
      ),
    ).toEqual([
      { type: 'headline', before: 'Operator one', after: 'Operator TWO' },
      { type: 'titlebar', before: null, after: 'Late' },
      { type: 'infoline', before: 'Roads', after: null },
    ]);
  });

  it('is another user, or this user from another screen while this one sent nothing', () => {
    const staged = [{ type: 'headline' as const, content: 'x' }];
    expect(changedElsewhere(next(2, 2, staged), ME, mine)).toBe(true);
    expect(changedElsewhere(next(2, ME, staged), ME, mine)).toBe(true);
    expect(changedElsewhere(next(2, ME, staged), ME, { isOwn: (v) => v === 2, sentRecently: false })).toBe(false);
    expect(changedElsewhere(next(2, ME, staged), ME, { isOwn: () => false, sentRecently: true })).toBe(false);
    // Taken or cleared: nothing left to air, nothing to warn about.
    expect(changedElsewhere(next(3, 2, []), ME, mine)).toBe(false);
  });

  it('holds a Take until the change has been on screen for the arming time, or a second look', () => {
    const seenAt = 10_000;
    const foreign = nextForeign(
      null,
      [{ type: 'headline', content: 'Operator one' }],
      next(5, 2, [{ type: 'headline', content: 'Operator TWO' }]),
      true,
      seenAt,
    );
    expect(foreign).toMatchObject({
      version: 5,
      by: 'Operator Two',
      seenAt,
      diff: [{ type: 'headline', before: 'Operator one', after: 'Operator TWO' }],
    });
    expect(pressTake(foreign, null, seenAt + 150)).toBe('hold');
    // A double-click's second click is not a look.
    expect(pressTake(foreign, seenAt + 150, seenAt + 150 + SECOND_LOOK_MS - 1)).toBe('hold');
    expect(pressTake(foreign, seenAt + 150, seenAt + 150 + SECOND_LOOK_MS)).toBe('take');
    expect(isArmed(foreign, seenAt + ARMING_MS - 1)).toBe(false);
    expect(pressTake(foreign, null, seenAt + ARMING_MS)).toBe('take');
    expect(pressTake(null, null, 0)).toBe('take');
  });

  it("keeps the marking through this desk's own change, drops what that change replaced, and all of it when NEXT empties", () => {
    const foreign = nextForeign(
      null,
      [],
      next(5, 2, [
        { type: 'headline', content: 'B' },
        { type: 'subheadline', content: '' },
      ]),
      true,
      1,
    );
    expect(
      nextForeign(
        foreign,
        [],
        next(6, ME, [
          { type: 'headline', content: 'B' },
          { type: 'subheadline', content: '' },
          { type: 'infoline', content: 'C' },
        ]),
        false,
        2,
      ),
    ).toBe(foreign);
    const replaced = nextForeign(
      foreign,
      [],
      next(7, ME, [
        { type: 'headline', content: 'Mine' },
        { type: 'subheadline', content: '' },
      ]),
      false,
      3,
    );
    expect(replaced).toMatchObject({ seenAt: 1, diff: [{ type: 'subheadline', before: null, after: '' }] });
    expect(
      nextForeign(
        replaced,
        [],
        next(8, ME, [
          { type: 'headline', content: 'Mine' },
          { type: 'subheadline', content: 'Mine too' },
        ]),
        false,
        4,
      ),
    ).toBeNull();
    expect(nextForeign(foreign, [], next(9, ME, []), false, 5)).toBeNull();
  });
});
