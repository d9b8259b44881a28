import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { pipeline } from 'node:stream/promises';

export type VerifyResult = { ok: true } | { ok: false; error: string };

/**
 * Our own check on a downloaded installer before anything runs it, in addition to
 * electron-updater's sha512: its SHA-256 must equal the one published with the App Version.
 * A mismatch (a corrupt download, a swapped file, a feed that disagrees with App Version)
 * deletes the file and says why; nothing is installed.
 */
export async function verifyDownloadedUpdate(file: string, expectedSha256: string): Promise<VerifyResult> {
  let actual: string;
  try {
    const hash = createHash('sha256');
    await pipeline(fs.createReadStream(file), hash);
    actual = hash.digest('hex');
  } catch (err) {
    return {
      ok: false,
      error: `The downloaded update could not be read (${(err as Error).message}); it will not be installed.`,
    };
  }
  if (actual === expectedSha256.toLowerCase()) return { ok: true };
  await fs.promises.rm(file, { force: true });
  return {
    ok: false,
    error:
      `The downloaded update does not match the SHA-256 published on App Version ` +
      `(expected ${expectedSha256.toLowerCase()}, got ${actual}). It was deleted and will not be installed.`,
  };
}
