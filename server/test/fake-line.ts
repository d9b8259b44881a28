import type http from 'node:http';

/** What one chunk of a paced body is: a TCP send of the size a real link delivers in about half a millisecond at 1 Gbit/s. */
const CHUNK_BYTES = 64 * 1024;

/**
 * One internet link shared by every answer that goes through it, at `bytesPerMs`: answers take turns
 * sending 64 KB chunks, and the link is never faster than its rate, as downloads from agencies
 * elsewhere arrive at an MCR PC. (Over loopback an unpaced 2.4 MB answer is copied at memory speed
 * in the sender's kernel time, which no process priority covers — docs/performance.md, "Wires reader", "Agencies through a link".)
 */
export class FakeLine {
  private freeAt = 0;

  constructor(private readonly bytesPerMs: number) {}

  /** Sends `body` through the link and ends the answer; a client that goes away stops it. */
  send(res: http.ServerResponse, body: string): void {
    const bytes = Buffer.from(body);
    let sent = 0;
    let gone = false;
    res.on('close', () => (gone = true));
    const next = () => {
      if (gone) return;
      if (sent >= bytes.length) return void res.end();
      const chunk = bytes.subarray(sent, sent + CHUNK_BYTES);
      sent += chunk.length;
      setTimeout(() => {
        if (gone) return;
        if (res.write(chunk)) next();
        else res.once('drain', next);
      }, this.reserve(chunk.length));
    };
    next();
  }

  /** ms until `bytes` more have crossed the link (it holds them from when it is next free). */
  private reserve(bytes: number): number {
    const now = performance.now();
    this.freeAt = Math.max(now, this.freeAt) + bytes / this.bytesPerMs;
    return this.freeAt - now;
  }
}
