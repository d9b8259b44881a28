import { createHash } from 'node:crypto';
import { parseUpdateInfo, resolveFiles } from 'electron-updater/out/providers/Provider';
import { expect, test } from 'vitest';
import { buildUpdateFeed, feedVersion, parseUpdateFeed, renderUpdateFeed, type UpdateFeedInput } from './update-feed';

const bytes = Buffer.from('MZ fake installer bytes');
const input: UpdateFeedInput = {
  version: '2.4.0',
  releaseNotes: 'Fixes: crawler "speed" # and: colons\nsecond line',
  releaseDate: '2026-11-25T15:00:00.000Z',
  url: '0123456789abcdef0123456789abcdef/CG Bridge Setup 2.4.0.exe',
  size: bytes.length,
  sha512: createHash('sha512').update(bytes).digest('base64'),
  sha256: createHash('sha256').update(bytes).digest('hex'),
};

test('the feed text is read by electron-updater itself as the same update info, installer URL under the feed folder', () => {
  const base = 'http://127.0.0.1:3000/api/app-versions/feed/1/k3y/';
  const info = parseUpdateInfo(renderUpdateFeed(buildUpdateFeed(input)), 'latest.yml', new URL(`${base}latest.yml`));
  expect(info).toMatchObject({
    version: '2.4.0',
    path: input.url,
    sha512: input.sha512,
    releaseDate: input.releaseDate,
    releaseNotes: input.releaseNotes,
  });
  expect(info.files).toEqual([{ url: input.url, sha512: input.sha512, size: input.size, sha256: input.sha256 }]);
  const [file] = resolveFiles(info, new URL(base)); // the folder URL ends in /, as electron-updater makes it;
  expect(file?.url.href).toBe(`${base}0123456789abcdef0123456789abcdef/CG%20Bridge%20Setup%202.4.0.exe`);
  // The NSIS updater picks the file whose URL ends in .exe.
  expect(file?.url.pathname.endsWith('.exe')).toBe(true);
  expect(parseUpdateFeed(info)).toEqual({ ok: true, feed: buildUpdateFeed(input) });
});

test('a version that looks like a number stays a string in the YAML', () => {
  const info = parseUpdateInfo(
    renderUpdateFeed(buildUpdateFeed({ ...input, version: '2.10' })),
    'latest.yml',
    new URL('http://x/latest.yml'),
  );
  expect(info.version).toBe('2.10');
});

test('a feed without our SHA-256, with a bad checksum, or whose checksums disagree is refused with the reason', () => {
  const feed = buildUpdateFeed(input);
  const { sha256: _dropped, ...withoutSha256 } = feed;
  const errorOf = (info: unknown) => {
    const result = parseUpdateFeed(info);
    return result.ok ? null : result.error;
  };
  expect(errorOf(withoutSha256)).toContain('sha256');
  expect(errorOf({ ...feed, sha512: 'abc' })).toContain('sha512 must be base64');
  const other = createHash('sha256').update('other').digest('hex');
  expect(parseUpdateFeed({ ...feed, sha256: other })).toEqual({
    ok: false,
    error: 'The update feed is not usable: its checksums disagree',
  });
  expect(parseUpdateFeed({ ...feed, files: [] })).toMatchObject({ ok: false });
  expect(parseUpdateFeed(null)).toMatchObject({ ok: false });
});

test('feedVersion makes App Version texts semver or refuses them', () => {
  expect(feedVersion('2.4.0')).toBe('2.4.0');
  expect(feedVersion('v2.4.1')).toBe('2.4.1');
  expect(feedVersion('2.4')).toBe('2.4.0');
  expect(feedVersion('2.4.0-beta.1')).toBe('2.4.0-beta.1');
  expect(feedVersion('02.4.0')).toBe('2.4.0');
  expect(feedVersion('latest')).toBeNull();
  expect(feedVersion('2')).toBeNull();
  expect(feedVersion('2.4.0.1')).toBeNull();
});
