import { describe, expect, it } from 'vitest';
import type { User } from '@shared/contracts/users';
import { followFragment, readFollowFragment } from './follow-session';

const user: User = {
  id: 7,
  username: 'aishath.r',
  // Thaana and an emoji: the fragment carries UTF-8, not Latin-1.
  fullName: 'އައިޝަތު ރަޝީދާ 🎬',
  name: 'އައިޝަތު ރަޝީދާ 🎬',
  email: null,
  role: 'mcr',
  roletype: 'user',
  companyId: 1,
  isActive: true,
  telegramId: null,
  lastLogin: '2026-11-29T08:00:00.000Z',
  createdAt: '2026-01-01T00:00:00.000Z',
  version: 3,
};
const token = 'tok_+/=abc';

const encoded = (value: unknown) => {
  const bytes = new TextEncoder().encode(JSON.stringify(value));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
};

describe('the session a page carries to another server (issue 43)', () => {
  it('round-trips the token and the user, in URL-safe characters only', () => {
    const fragment = followFragment({ token, user });
    expect(fragment).toMatch(/^cgb-follow=[A-Za-z0-9_-]+$/);
    expect(readFollowFragment(`#${fragment}`)).toEqual({ session: { token, user }, hash: '' });
    // Without the '#' too (URL.hash vs a raw fragment).
    expect(readFollowFragment(fragment)?.session).toEqual({ token, user });
  });

  it('carries only the token and the user, nothing else of the session', () => {
    const fragment = followFragment({ token, user, status: 'authenticated' } as never);
    const binary = atob(fragment.slice('cgb-follow='.length).replace(/-/g, '+').replace(/_/g, '/'));
    const json = new TextDecoder().decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
    expect(Object.keys(JSON.parse(json) as object)).toEqual(['token', 'user']);
  });

  it('no cgb-follow in the hash: nothing to do', () => {
    expect(readFollowFragment('')).toBeNull();
    expect(readFollowFragment('#')).toBeNull();
    expect(readFollowFragment('#section-2')).toBeNull();
    expect(readFollowFragment('#x=cgb-follow=abc')).toBeNull();
  });

  it('keeps any other part of the hash and drops only cgb-follow', () => {
    const fragment = followFragment({ token, user });
    expect(readFollowFragment(`#a=1&${fragment}&b=2`)).toEqual({ session: { token, user }, hash: '#a=1&b=2' });
  });

  it('a malformed fragment carries no session, and is still removed', () => {
    const malformed = [
      'cgb-follow=',
      'cgb-follow=%%%',
      'cgb-follow=bm90IGpzb24', // "not json"
      `cgb-follow=${encoded(null)}`,
      `cgb-follow=${encoded('a string')}`,
      `cgb-follow=${encoded({ user })}`,
      `cgb-follow=${encoded({ token: '', user })}`,
      `cgb-follow=${encoded({ token: 42, user })}`,
      `cgb-follow=${encoded({ token, user: { ...user, role: 'superuser' } })}`,
      `cgb-follow=${encoded({ token, user: { id: 7 } })}`,
      `cgb-follow=${encoded({ token })}`,
      'cgb-follow=_w', // one byte 0xFF: not UTF-8
    ];
    for (const hash of malformed) expect(readFollowFragment(`#${hash}`), hash).toEqual({ session: null, hash: '' });
  });
});
