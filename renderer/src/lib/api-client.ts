/**
 * The one HTTP client (spec 000 §7 Shared behaviour): cookies included, JSON in and out, the
 * stored bearer token, and a non-2xx turned into `Error("<status>: <body text>")`.
 */
export const TOKEN_KEY = 'token';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly bodyText: string,
    statusText: string,
  ) {
    super(`${status}: ${bodyText || statusText}`);
    this.name = 'HttpError';
  }
}

function authHeaders(): Record<string, string> {
  const token = localStorage.getItem(TOKEN_KEY);
  return token ? { Authorization: `Bearer ${token}` } : {};
}

export async function apiRequest(method: HttpMethod, url: string, body?: unknown): Promise<Response> {
  const hasBody = body !== undefined;
  const res = await fetch(url, {
    method,
    credentials: 'include',
    headers: { ...(hasBody ? { 'Content-Type': 'application/json' } : {}), ...authHeaders() },
    body: hasBody ? JSON.stringify(body) : undefined,
  });
  if (!res.ok) throw new HttpError(res.status, await res.text(), res.statusText);
  return res;
}

/** A request whose response body is JSON of type T (every /api route answers JSON). */
export async function apiJson<T>(method: HttpMethod, url: string, body?: unknown): Promise<T> {
  const res = await apiRequest(method, url, body);
  return (await res.json()) as T;
}

/**
 * The server's own `message` from a failed call, for toasts and inline alerts. Falls back to
 * the raw error text, so a proxy's HTML error page still says something.
 */
export function errorMessage(error: unknown, fallback = 'Something went wrong'): string {
  if (!(error instanceof Error)) return fallback;
  const text = error instanceof HttpError ? error.bodyText : error.message.replace(/^\d{3}: /, '');
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed && typeof parsed === 'object' && 'message' in parsed && typeof parsed.message === 'string') {
      return parsed.message;
    }
  } catch {
    // Not JSON: use the text as it is.
  }
  return text || fallback;
}

export function isUnauthorized(error: unknown): boolean {
  return error instanceof HttpError && error.status === 401;
}
