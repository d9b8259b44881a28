import { FEED_UNREADABLE } from './wires.messages';

/**
 * What the heavy worker needs of a fetched feed besides the parser (server/workers/feed-parse.ts):
 * no event loop, database or gate of the server's, so it can run on a worker thread.
 */

/**
 * A feed's answer that we refuse. `message` is the exact cause (the server's log, unit tests);
 * `shown` is what the feed's row says — generic by default (wires.messages.ts, issue 37).
 */
export class FeedError extends Error {
  constructor(
    message: string,
    readonly shown: string = FEED_UNREADABLE,
  ) {
    super(message);
  }
}

/**
 * Text in the feed's own encoding: the header's charset, else the XML declaration's, else UTF-8
 * (an older agency feed in windows-1252 would otherwise show replacement marks). Takes a plain
 * Uint8Array: a Buffer sent to a worker arrives as one.
 */
export function decodeBody(bytes: Uint8Array, contentType: string): string {
  const start = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(200, bytes.byteLength)).toString('latin1');
  const declared =
    /charset=["']?([\w.:-]+)/i.exec(contentType)?.[1] ?? /^\s*<\?xml[^>]*encoding=["']([\w.:-]+)["']/i.exec(start)?.[1];
  try {
    return new TextDecoder(declared ?? 'utf-8').decode(bytes);
  } catch {
    return new TextDecoder('utf-8').decode(bytes);
  }
}
