import { WIRES } from '../../../shared/contracts/wires';
import type { OnAirGate } from '../../lib/on-air-gate';
import { yieldToAir } from '../../lib/time-slices';

/** A feed's answer that we refuse; the message is shown on the feed's row. */
export class FeedError extends Error {}

export type FetchResult =
  | { kind: 'not-modified' }
  | { kind: 'body'; body: string; contentType: string; etag: string | null; lastModified: string | null };

export interface FetchOptions {
  etag: string | null;
  lastModified: string | null;
  timeoutMs: number;
  onAir: OnAirGate;
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
    const body = decodeBody(await readCapped(res, maxBytes, opts.onAir), contentType);
    return { kind: 'body', body, contentType, etag: res.headers.get('etag'), lastModified: res.headers.get('last-modified') };
  } catch (err) {
    throw asFeedError(abort.signal.reason ?? (opts.stop?.aborted ? new FeedError('The server was stopping') : err));
  } finally {
    clearTimeout(timer);
  }
}

/** Reads the body chunk by chunk, yielding to on-air writes between chunks; stops at the cap. */
async function readCapped(res: Response, maxBytes: number, onAir: OnAirGate): Promise<Buffer> {
  if (!res.body) return Buffer.alloc(0);
  const chunks: Uint8Array[] = [];
  let total = 0;
  // Leaving the loop early (throw) returns the iterator, which cancels the stream and the socket.
  for await (const chunk of res.body as AsyncIterable<Uint8Array>) {
    total += chunk.byteLength;
    if (total > maxBytes) throw new FeedError(`The feed is larger than ${mb(maxBytes)} (refused)`);
    chunks.push(chunk);
    await yieldToAir(onAir);
  }
  return Buffer.concat(chunks);
}

/**
 * Text in the feed's own encoding: the header's charset, else the XML declaration's, else UTF-8
 * (an older agency feed in windows-1252 would otherwise show replacement marks).
 */
export function decodeBody(bytes: Buffer, contentType: string): string {
  const declared = /charset=["']?([\w.:-]+)/i.exec(contentType)?.[1] ?? /^\s*<\?xml[^>]*encoding=["']([\w.:-]+)["']/i.exec(bytes.subarray(0, 200).toString('latin1'))?.[1];
  try {
    return new TextDecoder(declared ?? 'utf-8').decode(bytes);
  } catch {
    return new TextDecoder('utf-8').decode(bytes);
  }
}

function asFeedError(err: unknown): FeedError {
  if (err instanceof FeedError) return err;
  if (err instanceof Error && err.name === 'AbortError') return new FeedError('The request was cut off');
  const cause = err instanceof Error && err.cause instanceof Error ? `: ${err.cause.message}` : '';
  return new FeedError(`Could not reach the feed${cause || (err instanceof Error ? `: ${err.message}` : '')}`);
}
