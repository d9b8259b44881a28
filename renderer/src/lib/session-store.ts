import { create } from 'zustand';
import { userSchema, type User } from '@shared/contracts/users';
import { TOKEN_KEY } from '@/lib/api-client';
import { readFollowFragment } from '@/lib/follow/follow-session';

export const USER_KEY = 'user';

/** 'checking' = a token but no usable stored user: GET /api/auth/me decides (docs/product.md §API). */
export type SessionStatus = 'checking' | 'authenticated' | 'anonymous';

interface SessionState {
  token: string | null;
  user: User | null;
  status: SessionStatus;
  setSession: (token: string, user: User) => void;
  setUser: (user: User) => void;
  clear: () => void;
}

function readStoredUser(): User | null {
  const raw = localStorage.getItem(USER_KEY);
  if (!raw) return null;
  try {
    const parsed = userSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * A page that followed here from another server of the store (issue 43) carries its session in
 * `#cgb-follow=`: stored before anything reads it, and the fragment taken out of the address bar
 * (and so out of history) at once. A malformed one is dropped: the login shows as usual.
 */
function adoptFollowedSession(): void {
  const read = readFollowFragment(location.hash);
  if (!read) return;
  if (read.session) storeSession(read.session.token, read.session.user);
  history.replaceState(history.state, '', location.pathname + location.search + read.hash);
}

function initialState(): Pick<SessionState, 'token' | 'user' | 'status'> {
  // Imported outside a page (a rule's unit test under Node): no storage, nobody signed in.
  if (typeof window === 'undefined') return { token: null, user: null, status: 'anonymous' };
  adoptFollowedSession();
  const token = localStorage.getItem(TOKEN_KEY);
  if (!token) return { token: null, user: null, status: 'anonymous' };
  const user = readStoredUser();
  return { token, user, status: user ? 'authenticated' : 'checking' };
}

/** Persists a session without touching the store (the login page reloads the app next). */
export function storeSession(token: string, user: User): void {
  localStorage.setItem(TOKEN_KEY, token);
  localStorage.setItem(USER_KEY, JSON.stringify(user));
}

/** The session is UI state: the token and the signed-in user, mirrored in localStorage. */
export const useSession = create<SessionState>((set) => ({
  ...initialState(),
  setSession: (token, user) => {
    storeSession(token, user);
    set({ token, user, status: 'authenticated' });
  },
  setUser: (user) => {
    localStorage.setItem(USER_KEY, JSON.stringify(user));
    set({ user, status: 'authenticated' });
  },
  clear: () => {
    localStorage.removeItem(TOKEN_KEY);
    localStorage.removeItem(USER_KEY);
    set({ token: null, user: null, status: 'anonymous' });
  },
}));

/** The signed-in user; only call below the auth guard, where a user always exists. */
export function useCurrentUser(): User {
  const user = useSession((s) => s.user);
  if (!user) throw new Error('useCurrentUser called outside an authenticated route');
  return user;
}
