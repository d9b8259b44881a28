import fs from 'node:fs';
import { dirname } from 'node:path';

/**
 * The server process's stdout/stderr, kept in userData/logs so an engineer can read what
 * happened on the MCR PC after the fact. Bounded: at `maxBytes` the file becomes `.1`, `.1`
 * becomes `.2`, …, and the oldest beyond `keep` is dropped. Synchronous appends: the server logs
 * a few lines a minute, and a crash must not lose the last ones in a buffer.
 */
export class RotatingLog {
  private fd: number;
  private size: number;

  constructor(
    readonly path: string,
    private readonly maxBytes = 5 * 1024 * 1024,
    private readonly keep = 3,
  ) {
    fs.mkdirSync(dirname(path), { recursive: true });
    this.fd = fs.openSync(path, 'a');
    this.size = fs.fstatSync(this.fd).size;
  }

  write(chunk: string | Buffer): void {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    if (this.size > 0 && this.size + bytes.length > this.maxBytes) this.rotate();
    fs.writeSync(this.fd, bytes);
    this.size += bytes.length;
  }

  /** A line from the host itself (restarts, exits), stamped like the server's own lines. */
  line(level: 'INFO' | 'WARN' | 'ERROR', message: string): void {
    this.write(`${new Date().toISOString()} ${level} [desktop] ${message}\n`);
  }

  close(): void {
    fs.closeSync(this.fd);
  }

  private rotate(): void {
    fs.closeSync(this.fd);
    fs.rmSync(`${this.path}.${this.keep}`, { force: true });
    for (let i = this.keep - 1; i >= 1; i--) {
      if (fs.existsSync(`${this.path}.${i}`)) fs.renameSync(`${this.path}.${i}`, `${this.path}.${i + 1}`);
    }
    fs.renameSync(this.path, `${this.path}.1`);
    this.fd = fs.openSync(this.path, 'a');
    this.size = 0;
  }
}
