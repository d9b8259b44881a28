import { WIRES } from '../../../shared/contracts/wires';
import { FeedError } from './wires.decode';

// Decoding and parsing happen on the heavy worker (server/workers/feed-parse.ts); these stay importable from here.
export { decodeBody, FeedError } from './wires.decode';

/**
 * `bytes` is the raw body in an ArrayBuffer of its own (never a slice of Node's shared Buffer
 * pool), so the poller can transfer it to the heavy worker without a copy.
 */
export type FetchResult =
  | { kind: 'not-modified' }
  | { kind: 'body'; bytes: Uint8Array<ArrayBuffer>; contentType: string; etag: string | null; lastModified: string | null };

export interface FetchOptions {
  etag: string | null;
  lastModified: string | null;
  timeoutMs: number;
  /** Called between body chunks: on the air thread, yield to on-air writes; on the wires reader, keep to its share of a core. */
  pause?: () => Promise<void>;
  maxBytes?: number;
  /** Shutdown: the poller stops fetches in flight rather than wait out their timeout. */
  stop?: AbortSignal;
}

const mb = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MB`;

/**
 * One conditional GET of a feed, with our own limits (the parser's own fetch has none): the whole
 * exchange, body included, within timeoutMs; the body refused as soon as it passes maxBytes
 * (reading stops and the connection is dropped — nothing past the limit is buffered).
 */
export async function fetchFeed(url: string, opts: FetchOptions): Promise<FetchResult> {
  const maxBytes = opts.maxBytes ?? WIRES.maxBodyBytes;
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(new FeedError(`No answer within ${opts.timeoutMs < 1000 ? `${opts.timeoutMs} ms` : `${Math.round(opts.timeoutMs / 1000)} s`}`)), opts.timeoutMs);
  try {
    const headers: Record<string, string> = { accept: 'application/rss+xml, application/atom+xml, application/feed+json, application/json, application/xml, text/xml;q=0.9, */*;q=0.5', 'user-agent': 'CG-Bridge-Wires/1' };
    if (opts.etag) headers['if-none-match'] = opts.etag;
    if (opts.lastModified) headers['if-modified-since'] = opts.lastModified;
    const signal = opts.stop ? AbortSignal.any([abort.signal, opts.stop]) : abort.signal;
    const res = await fetch(url, { headers, signal, redirect: 'follow' });
    if (res.status === 304) {
      await res.body?.cancel();
      return { kind: 'not-modified' };
    }
    if (!res.ok) {
      await res.body?.cancel();
      throw new FeedError(`The feed answered HTTP ${res.status}`);
    }
    const declared = Number(res.headers.get('content-length') ?? NaN);
    if (declared > maxBytes) {
      await res.body?.cancel();
      throw new FeedError(`The feed is larger than ${mb(maxBytes)} (refused)`);
    }
    const contentType = res.headers.get('content-type') ?? '';
    const bytes = await readCapped(res, maxBytes, opts.pause);
    return { kind: 'body', bytes, contentType, etag: res.headers.get('etag'), lastModified: res.headers.get('last-modified') };
  } catch (err) {
    throw asFeedError(abort.signal.reason ?? (opts.stop?.aborted ? new FeedError('The server was stopping') : err));
  } finally {
    clearTimeout(timer);
  }
}

/** Reads the body chunk by chunk, yielding to on-air writes between chunks; stops at the cap. */
async function readCapped(res: Response, maxBytes: number, pause: (() => Promise<void>) | undefined): Promise<Uint8Array<ArrayBuffer>> {
  if (!res.body) return new Uint8Array(0);
  const chunks: Uint8Array[] = [];
  let total = 0;
  // Leaving the loop early (throw) returns the iterator, which cancels the stream and the socket.
  for await (const chunk of res.body as AsyncIterable<Uint8Array>) {
    total += chunk.byteLength;
    if (total > maxBytes) throw new FeedError(`The feed is larger than ${mb(maxBytes)} (refused)`);
    chunks.push(chunk);
    if (pause) await pause();
  }
  // Not Buffer.concat: a small result would be a view into Node's shared pool, which must never be transferred.
  const bytes = new Uint8Array(total);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.byteLength;
  }
  return bytes;
}

function asFeedError(err: unknown): FeedError {
  if (err instanceof FeedError) return err;
  if (err instanceof Error && err.name === 'AbortError') return new FeedError('The request was cut off');
  const cause = err instanceof Error && err.cause instanceof Error ? `: ${err.cause.message}` : '';
  return new FeedError(`Could not reach the feed${cause || (err instanceof Error ? `: ${err.message}` : '')}`);
}
