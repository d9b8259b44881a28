/**
 * A PostgreSQL connection string as it may be shown on a page, in a log or in a message: the
 * password — in the user part or as a `password=` / `sslpassword=` parameter — becomes ***.
 * Parsed by hand rather than by URL: a password typed with a raw @ or : is still found and hidden.
 */
const SCHEME = /^postgres(?:ql)?:\/\//i;
const PASSWORD_PARAM = /([?&](?:ssl)?password=)([^&#]*)/gi;

/** Where the user part ends: the last @ before the query (a password may hold an @ the user did not encode). */
function userPart(url: string): { start: number; end: number } | null {
  const start = SCHEME.exec(url)?.[0].length ?? 0;
  const query = url.indexOf('?', start);
  const at = url.lastIndexOf('@', query >= 0 ? query : url.length);
  return at >= start ? { start, end: at } : null;
}

export function maskedUrl(url: string): string {
  const user = userPart(url);
  let shown = url;
  if (user) {
    const info = url.slice(user.start, user.end);
    const colon = info.indexOf(':');
    if (colon >= 0) shown = `${url.slice(0, user.start)}${info.slice(0, colon)}:***${url.slice(user.end)}`;
  }
  return shown.replace(PASSWORD_PARAM, '$1***');
}

/** Every form the password takes in `url` (raw and decoded), to scrub from a driver's message. */
export function secretsOf(url: string): string[] {
  const found: string[] = [];
  const user = userPart(url);
  if (user) {
    const info = url.slice(user.start, user.end);
    const colon = info.indexOf(':');
    if (colon >= 0) found.push(info.slice(colon + 1));
  }
  for (const m of url.matchAll(PASSWORD_PARAM)) found.push(m[2] ?? '');
  const decoded = found.map((s) => {
    try {
      return decodeURIComponent(s);
    } catch {
      return s;
    }
  });
  return [...new Set([...found, ...decoded])].filter((s) => s.length > 0);
}

/** `text` with every form of the password in `url` replaced by ***. */
export function scrubbed(text: string, url: string): string {
  return secretsOf(url).reduce((out, secret) => out.split(secret).join('***'), text);
}
