import { describe, expect, it } from 'vitest';
import { HttpError } from './api-client';
import { conflictHeadline, versionConflictOf } from './version-conflict';

const body = {
  message: 'Aminath changed this story just now',
  current: { id: 1, version: 2 },
  changedBy: { id: 7, fullName: 'Aminath' },
  changedAt: '2026-11-25T11:58:00.000Z',
};

describe('versionConflictOf', () => {
  it('reads a stale-version 409 with its current record', () => {
    expect(versionConflictOf(new HttpError(409, JSON.stringify(body), 'Conflict'))).toEqual(body);
  });
  it('leaves other failures alone: a 409 without a record, another status, text that is not JSON', () => {
    expect(
      versionConflictOf(new HttpError(409, JSON.stringify({ message: 'Equipment code X already exists' }), 'Conflict')),
    ).toBeNull();
    expect(versionConflictOf(new HttpError(400, JSON.stringify(body), 'Bad Request'))).toBeNull();
    expect(versionConflictOf(new HttpError(409, '<html>proxy</html>', 'Conflict'))).toBeNull();
    expect(versionConflictOf(new Error('409: x'))).toBeNull();
  });
  it('words the headline with this clock, and "Someone" when the server does not know who', () => {
    const now = new Date('2026-11-25T12:00:00.000Z');
    expect(conflictHeadline(body, 'bulletin', now)).toBe('Aminath changed this bulletin 2 minutes ago');
    expect(conflictHeadline({ ...body, changedBy: null }, 'equipment item', now)).toBe(
      'Someone changed this equipment item 2 minutes ago',
    );
  });
});
