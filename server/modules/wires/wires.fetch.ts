import type { IncomingMessage, OutgoingHttpHeaders } from 'node:http';
import { pipeline, type Readable } from 'node:stream';
import zlib from 'node:zlib';
import { WIRES } from '../../../shared/contracts/wires';
import { PUBLIC_ONLY, type FeedNetworkPolicy } from './wires.address';
import { FeedError } from './wires.decode';
import { getFollowingRedirects } from './wires.http';
import { FEED_ADDRESS_REFUSED } from './wires.messages';

// Decoding and parsing happen on the heavy worker (server/workers/feed-parse.ts); these stay importable from here.
export { decodeBody, FeedError } from './wires.decode';

/**
 * `bytes` is the raw body in an ArrayBuffer of its own (never a slice of Node's shared Buffer
 * pool), so the poller can transfer it to the heavy worker without a copy.
 */
export type FetchResult =
  | { kind: 'not-modified' }
  | {
      kind: 'body';
      bytes: Uint8Array<ArrayBuffer>;
      contentType: string;
      etag: string | null;
      lastModified: string | null;
    };

export interface FetchOptions {
  etag: string | null;
  lastModified: string | null;
  timeoutMs: number;
  /** Called between body chunks: on the air thread, yield to on-air writes; on the wires reader, keep to its share of a core. */
  pause?: () => Promise<void>;
  maxBytes?: number;
  /** Shutdown: the poller stops fetches in flight rather than wait out their timeout. */
  stop?: AbortSignal;
  /** Which addresses may be read (wires.address.ts); public ones only when not given. */
  network?: FeedNetworkPolicy;
}

const mb = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MB`;
const seconds = (ms: number) => (ms < 1000 ? `${ms} ms` : `${Math.round(ms / 1000)} s`);

/**
 * One conditional GET of a feed, with our own limits: the whole exchange, redirects and body
 * included, within timeoutMs; the body refused as soon as it passes maxBytes (reading stops and
 * the connection is dropped — nothing past the limit is buffered); every address judged by the
 * network policy (wires.http.ts). Errors carry the exact cause as `message` and the row's generic
 * text as `shown` (wires.messages.ts).
 */
export async function fetchFeed(url: string, opts: FetchOptions): Promise<FetchResult> {
  const maxBytes = opts.maxBytes ?? WIRES.maxBodyBytes;
  const abort = new AbortController();
  const timer = setTimeout(
    () => abort.abort(new FeedError(`No answer within ${seconds(opts.timeoutMs)}`)),
    opts.timeoutMs,
  );
  const signal = opts.stop ? AbortSignal.any([abort.signal, opts.stop]) : abort.signal;
  let res: IncomingMessage | undefined;
  try {
    res = await getFollowingRedirects(new URL(url), requestHeaders(opts), signal, opts.network ?? PUBLIC_ONLY);
    const status = res.statusCode ?? 0;
    if (status === 304) return { kind: 'not-modified' };
    if (status < 200 || status > 299) throw new FeedError(`The feed answered HTTP ${status}`);
    if (Number(res.headers['content-length'] ?? NaN) > maxBytes)
      throw new FeedError(`The feed is larger than ${mb(maxBytes)} (refused)`);
    const bytes = await readCapped(decoded(res), maxBytes, opts.pause);
    return {
      kind: 'body',
      bytes,
      contentType: res.headers['content-type'] ?? '',
      etag: header(res, 'etag'),
      lastModified: header(res, 'last-modified'),
    };
  } catch (err) {
    throw asFeedError(abort.signal.reason ?? (opts.stop?.aborted ? new FeedError('The server was stopping') : err));
  } finally {
    clearTimeout(timer);
    // Read to the end it is closed already; otherwise (refused, 304, an error) the socket goes now.
    res?.destroy();
  }
}

function requestHeaders(opts: FetchOptions): OutgoingHttpHeaders {
  const headers: OutgoingHttpHeaders = {
    accept:
      'application/rss+xml, application/atom+xml, application/feed+json, application/json, application/xml, text/xml;q=0.9, */*;q=0.5',
    'accept-encoding': 'gzip, br',
    'user-agent': 'CG-Bridge-Wires/1',
  };
  if (opts.etag) headers['if-none-match'] = opts.etag;
  if (opts.lastModified) headers['if-modified-since'] = opts.lastModified;
  return headers;
}

const header = (res: IncomingMessage, name: string): string | null => {
  const value = res.headers[name];
  return typeof value === 'string' ? value : null;
};

/** The body as sent, decompressed where the server compressed it (the cap then counts the decompressed bytes: a gzip bomb stops at it). */
function decoded(res: IncomingMessage): Readable {
  const encoding = (header(res, 'content-encoding') ?? '').trim().toLowerCase();
  const decoder =
    encoding === 'gzip' || encoding === 'x-gzip'
      ? zlib.createGunzip()
      : encoding === 'br'
        ? zlib.createBrotliDecompress()
        : encoding === 'deflate'
          ? zlib.createInflate()
          : null;
  if (!decoder) return res;
  // An error of either side ends the other; it surfaces in readCapped's loop over the decoder.
  pipeline(res, decoder, () => undefined);
  return decoder;
}

/** Reads the body chunk by chunk, yielding between chunks; stops at the cap. */
async function readCapped(
  body: Readable,
  maxBytes: number,
  pause: (() => Promise<void>) | undefined,
): Promise<Uint8Array<ArrayBuffer>> {
  const chunks: Uint8Array[] = [];
  let total = 0;
  // Leaving the loop early (throw) destroys the stream, and with it the socket.
  for await (const chunk of body as AsyncIterable<Uint8Array>) {
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
  if (err instanceof Error && (err as NodeJS.ErrnoException).code === 'ERR_FEED_ADDRESS_REFUSED')
    return new FeedError(err.message, FEED_ADDRESS_REFUSED);
  if (err instanceof Error && err.name === 'AbortError') return new FeedError('The request was cut off');
  const code = err instanceof Error ? (err as NodeJS.ErrnoException).code : undefined;
  return new FeedError(
    `Could not reach the feed: ${err instanceof Error ? err.message : String(err)}${code ? ` (${code})` : ''}`,
  );
}
