import { AIR_SOURCE_HEADER } from '@shared/contracts/as-run';
import { newIdempotencyKey } from './idempotency-key';
import { RequestFailure, WRITE_TIMEOUT_MS, browserIsOffline } from './request-errors';

/**
 * The one HTTP client (docs/product.md §API Shared behaviour): cookies included, JSON in and out, the
 * stored bearer token, and a non-2xx turned into `Error("<status>: <body text>")`.
 * User actions run once and now (docs/design-rules.md §4): an offline browser refuses at once, every write
 * carries an Idempotency-Key and gives up after WRITE_TIMEOUT_MS, and a network failure becomes
 * a RequestFailure whose message says whether anything changed.
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

export interface RequestOptions {
  /** The caller's cancellation (a query nobody needs any more); not shown as a failure. */
  signal?: AbortSignal;
  /** Writes only: how long to wait for an answer (default WRITE_TIMEOUT_MS). */
  timeoutMs?: number;
  /** Writes only: reuse a key to make a deliberate repeat of the same action harmless. */
  idempotencyKey?: string;
}

function requestSignal(isWrite: boolean, options: RequestOptions): AbortSignal | undefined {
  const signals = [options.signal, isWrite ? AbortSignal.timeout(options.timeoutMs ?? WRITE_TIMEOUT_MS) : undefined];
  const present = signals.filter((s): s is AbortSignal => s !== undefined);
  return present.length > 1 ? AbortSignal.any(present) : present[0];
}

function toRequestFailure(error: unknown, isWrite: boolean, callerSignal?: AbortSignal): unknown {
  if (callerSignal?.aborted) return error;
  if (error instanceof DOMException && error.name === 'TimeoutError') return new RequestFailure('timeout', isWrite);
  // fetch rejects with a TypeError when no HTTP answer came: refused, reset, DNS, offline.
  if (error instanceof TypeError) return new RequestFailure('unreachable', isWrite);
  return error;
}

/**
 * The as-run log's source of a write (issue 25): the phone page and the prompter say so; every
 * other screen is 'web' (the server's default). The page the write came from is what tells them
 * apart — one rule here instead of a flag on every CG call. It only labels the log.
 */
export function airSourceOf(pathname: string): 'phone' | 'prompter' | null {
  if (
    pathname === '/mobile-field' ||
    pathname.startsWith('/mobile-field/') ||
    pathname === '/field' ||
    pathname.startsWith('/field/')
  )
    return 'phone';
  if (pathname === '/prompter' || pathname.startsWith('/prompter/')) return 'prompter';
  return null;
}

export async function apiRequest(
  method: HttpMethod,
  url: string,
  body?: unknown,
  options: RequestOptions = {},
): Promise<Response> {
  const isWrite = method !== 'GET';
  // Refuse now rather than let anything queue: an offline write must never air later by itself.
  if (browserIsOffline()) throw new RequestFailure('offline', isWrite);
  const hasBody = body !== undefined;
  const headers: Record<string, string> = {
    ...(hasBody ? { 'Content-Type': 'application/json' } : {}),
    ...authHeaders(),
  };
  if (isWrite) headers['Idempotency-Key'] = options.idempotencyKey ?? newIdempotencyKey();
  const source = isWrite ? airSourceOf(window.location.pathname) : null;
  if (source) headers[AIR_SOURCE_HEADER] = source;
  let res: Response;
  try {
    res = await fetch(url, {
      method,
      credentials: 'include',
      headers,
      body: hasBody ? JSON.stringify(body) : undefined,
      signal: requestSignal(isWrite, options),
    });
  } catch (error) {
    throw toRequestFailure(error, isWrite, options.signal);
  }
  if (!res.ok) throw new HttpError(res.status, await res.text(), res.statusText);
  return res;
}

/** A request whose response body is JSON of type T (every /api route answers JSON). */
export async function apiJson<T>(
  method: HttpMethod,
  url: string,
  body?: unknown,
  options?: RequestOptions,
): Promise<T> {
  const res = await apiRequest(method, url, body, options);
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
