/**
 * Where sign-in returns to (issue 22 point 16). A page that needs a session sends the visitor to
 * /login?next=<that page>, and a successful sign-in reloads there instead of at / — a QR label
 * scanned while signed out must still open its item. `next` is typed by whoever made the link, so
 * only a path on this very origin is followed; anything else returns to /.
 */
export const RETURN_PARAM = 'next';

const LOGIN_PATH = '/login';

interface PageLocation {
  pathname: string;
  search: string;
  hash: string;
}

/** The login screen's address for a visitor sent away from `from` (no return for / itself). */
export function loginPathFor(from: PageLocation): string {
  const back = `${from.pathname}${from.search}${from.hash}`;
  if (from.pathname === '/' || from.pathname === LOGIN_PATH) return LOGIN_PATH;
  return `${LOGIN_PATH}?${new URLSearchParams({ [RETURN_PARAM]: back }).toString()}`;
}

/** `next` as a same-origin path + query + hash, or / when it is missing, foreign or odd. */
export function safeReturnPath(next: string | null, origin: string): string {
  // A path, not a scheme-relative (//host) or backslash (/\host, read as //host) address.
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return '/';
  let url: URL;
  try {
    url = new URL(next, origin);
  } catch {
    return '/';
  }
  // The parser's verdict is the one that counts (tabs and newlines inside are dropped by it).
  if (url.origin !== origin || url.pathname === LOGIN_PATH) return '/';
  return `${url.pathname}${url.search}${url.hash}`;
}
