import { describe, expect, it } from 'vitest';
import { takeNote } from './take-note';

describe('the phone NEXT’s note (issue 38, point 4)', () => {
  it('those the role matrix lets take get the Take button', () => {
    for (const role of ['owner', 'admin', 'editor', 'mcr', 'dev'] as const)
      expect(takeNote({ role, roletype: 'user' }).canTake).toBe(true);
  });

  it('anyone else is told who takes it to air', () => {
    expect(takeNote({ role: 'cameraman', roletype: 'user' })).toEqual({
      canTake: false,
      text: 'Staged in NEXT — an MCR operator takes it to air at CG Control.',
    });
    expect(takeNote(null).canTake).toBe(false);
  });
});
