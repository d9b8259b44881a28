import { createHash } from 'node:crypto';
import fs from 'node:fs';

/** 1 MiB reads: few calls, and the thread holds little memory at a time. */
const READ_BYTES = 1024 * 1024;

export interface FileHashes {
  /** Hex, as the app version's checksum. */
  sha256: string;
  /** Base64, as electron-updater's latest.yml carries it. */
  sha512: string;
}

/**
 * SHA-256 and SHA-512 of a whole file, read with synchronous calls: on a worker thread they
 * block only that thread (at low priority on Linux) and take no slot of libuv's thread pool,
 * which the air thread's file writes need.
 */
export function hashFile(file: string): FileHashes {
  const sha256 = createHash('sha256');
  const sha512 = createHash('sha512');
  const buf = Buffer.allocUnsafe(READ_BYTES);
  const fd = fs.openSync(file, 'r');
  try {
    for (let n = fs.readSync(fd, buf, 0, READ_BYTES, null); n > 0; n = fs.readSync(fd, buf, 0, READ_BYTES, null)) {
      const bytes = buf.subarray(0, n);
      sha256.update(bytes);
      sha512.update(bytes);
    }
  } finally {
    fs.closeSync(fd);
  }
  return { sha256: sha256.digest('hex'), sha512: sha512.digest('base64') };
}
