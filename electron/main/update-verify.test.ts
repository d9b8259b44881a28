import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from 'vitest';
import { verifyDownloadedUpdate } from './update-verify';

function installerFile(bytes: Buffer): string {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'cgb-update-')), 'CG Bridge Setup 2.5.0.exe');
  fs.writeFileSync(file, bytes);
  return file;
}
const bytes = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200_000, 9)]);
const sha256 = createHash('sha256').update(bytes).digest('hex');

test('a download whose SHA-256 matches the feed is accepted and left in place', async () => {
  const file = installerFile(bytes);
  expect(await verifyDownloadedUpdate(file, sha256)).toEqual({ ok: true });
  expect(await verifyDownloadedUpdate(file, sha256.toUpperCase())).toEqual({ ok: true });
  expect(fs.readFileSync(file).equals(bytes)).toBe(true);
});

test('a mismatch is refused with a clear message and the file is deleted', async () => {
  const tampered = Buffer.from(bytes);
  tampered[100] = 1;
  const file = installerFile(tampered);
  const actual = createHash('sha256').update(tampered).digest('hex');
  expect(await verifyDownloadedUpdate(file, sha256)).toEqual({
    ok: false,
    error: `The downloaded update does not match the SHA-256 published on App Version (expected ${sha256}, got ${actual}). It was deleted and will not be installed.`,
  });
  expect(fs.existsSync(file)).toBe(false);
});

test('a missing download is refused, not installed', async () => {
  const result = await verifyDownloadedUpdate(path.join(os.tmpdir(), 'cgb-no-such-update.exe'), sha256);
  expect(result.ok).toBe(false);
  expect(!result.ok && result.error).toMatch(/could not be read .*will not be installed/);
});
