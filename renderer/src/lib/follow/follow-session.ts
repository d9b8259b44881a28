import { userSchema, type User } from '@shared/contracts/users';

/**
 * The session a page carries to another server of its store when it follows (issue 43). Sessions
 * live in the store, so the token is good on every server — but localStorage is per origin, so
 * the page hands it over in the URL fragment: never sent to a server, never in a Referer, and
 * removed from the address bar (and so from history) as soon as the new page has read it.
 * Pure: the session store reads location and writes storage.
 */
export const FOLLOW_PARAM = 'cgb-follow';

export interface FollowedSession {
  token: string;
  user: User;
}

/** `cgb-follow=<base64url of JSON {token, user}>`, for after the `#`. */
export function followFragment(session: FollowedSession): string {
  const json = JSON.stringify({ token: session.token, user: session.user });
  return `${FOLLOW_PARAM}=${toBase64Url(new TextEncoder().encode(json))}`;
}

export interface FragmentRead {
  /** The carried session; null when the fragment held none or a malformed one. */
  session: FollowedSession | null;
  /** The hash to leave in the address bar: the same without `cgb-follow` ('' when nothing is left). */
  hash: string;
}

/** Reads `location.hash`; null when it carries no `cgb-follow` at all (nothing to do). */
export function readFollowFragment(hash: string): FragmentRead | null {
  const raw = hash.startsWith('#') ? hash.slice(1) : hash;
  const parts = raw.split('&');
  const index = parts.findIndex((part) => part.startsWith(`${FOLLOW_PARAM}=`));
  if (index === -1) return null;
  const value = parts[index]?.slice(FOLLOW_PARAM.length + 1) ?? '';
  const rest = parts.filter((_, i) => i !== index).join('&');
  return { session: decodeSession(value), hash: rest ? `#${rest}` : '' };
}

function decodeSession(value: string): FollowedSession | null {
  try {
    const parsed: unknown = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(fromBase64Url(value)));
    if (typeof parsed !== 'object' || parsed === null) return null;
    const { token, user } = parsed as { token?: unknown; user?: unknown };
    if (typeof token !== 'string' || token === '') return null;
    const checked = userSchema.safeParse(user);
    return checked.success ? { token, user: checked.data } : null;
  } catch {
    return null;
  }
}

function toBase64Url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** Throws on anything but base64url (the caller treats that as malformed). */
function fromBase64Url(value: string): Uint8Array {
  if (!/^[A-Za-z0-9_-]+$/.test(value)) throw new Error('not base64url');
  const binary = atob(value.replace(/-/g, '+').replace(/_/g, '/'));
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}
