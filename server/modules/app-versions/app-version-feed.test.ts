import { createHash } from 'node:crypto';
import { parseUpdateInfo, resolveFiles } from 'electron-updater/out/providers/Provider';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { parseUpdateFeed } from '../../../shared/update-feed';
import { createCompany, loginDevOwner } from '../../test/factories';
import { storeSql } from '../../test/store-sql';
import { startTestServer, type TestServer } from '../../test/test-server';
import { upload, versionBody } from './app-version-test-helpers';

/** The station's electron-updater feed (issue 23) over HTTP, read with electron-updater's own parser. */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const exeBytes = (fill: number) => Buffer.concat([Buffer.from('MZ'), Buffer.alloc(64 * 1024, fill)]);
const feedUrl = async (companyId: number) =>
  `${server.url}${await server.services.appVersions.feeds.folderPath(companyId)}`;

async function stationWithVersion(latestVersion = '2.5.0', fill = 1) {
  const dev = await loginDevOwner(server);
  const station = await createCompany(dev, server);
  const bytes = exeBytes(fill);
  const up = await upload(station.owner, 'CG Bridge Setup 2.5.0.exe', bytes);
  expect(up.status).toBe(201);
  const saved = await station.owner.post(
    '/api/app-version',
    versionBody({
      latestVersion,
      downloadUrl: up.body.downloadUrl,
      fileSize: bytes.length,
      checksum: up.body.checksum,
    }),
  );
  expect(saved.status).toBe(201);
  return { ...station, bytes, fileUrl: up.body.downloadUrl };
}

test('latest.yml: version, installer URL on this server, sha512 and sha256 of the real uploaded bytes; the installer downloads (Range too)', async () => {
  const { companyId, bytes } = await stationWithVersion('v2.5.0');
  const base = await feedUrl(companyId);
  const res = await fetch(`${base}latest.yml`);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/yaml/);
  const info = parseUpdateInfo(await res.text(), 'latest.yml', new URL(`${base}latest.yml`));
  const parsed = parseUpdateFeed(info);
  if (!parsed.ok) throw new Error(parsed.error);
  expect(parsed.feed.version).toBe('2.5.0');
  expect(parsed.feed.files[0]).toMatchObject({
    size: bytes.length,
    sha512: createHash('sha512').update(bytes).digest('base64'),
    sha256: createHash('sha256').update(bytes).digest('hex'),
  });
  const [file] = resolveFiles(info, new URL(base));
  expect(file?.url.href.startsWith(base)).toBe(true);
  expect(file?.url.pathname.endsWith('/CG%20Bridge%20Setup%202.5.0.exe')).toBe(true);

  const download = await fetch(file?.url.href ?? '');
  expect(download.status).toBe(200);
  expect(Buffer.from(await download.arrayBuffer()).equals(bytes)).toBe(true);
  const ranged = await fetch(file?.url.href ?? '', { headers: { range: 'bytes=0-1' } });
  expect(ranged.status).toBe(206);
  expect(await ranged.text()).toBe('MZ');
  // The blockmap electron-updater tries first is not there: it then downloads the whole file.
  expect((await fetch(`${file?.url.href ?? ''}.blockmap`)).status).toBe(404);
});

test("another company's feed is not reachable with this company's key, nor with a made-up one", async () => {
  const a = await stationWithVersion('2.5.0', 2);
  const b = await stationWithVersion('2.6.0', 3);
  const keyOfA = (await server.services.appVersions.feeds.folderPath(a.companyId)).split('/')[5] ?? '';
  expect((await fetch(`${server.url}/api/app-versions/feed/${b.companyId}/${keyOfA}/latest.yml`)).status).toBe(404);
  expect((await fetch(`${server.url}/api/app-versions/feed/${b.companyId}/${'0'.repeat(48)}/latest.yml`)).status).toBe(
    404,
  );
  expect((await fetch(`${server.url}/api/app-versions/feed/${b.companyId}/short/latest.yml`)).status).toBe(404);
  // B's installer is not served under A's feed either.
  const fileOfB = b.fileUrl.split('/').pop() ?? '';
  expect((await fetch(`${await feedUrl(a.companyId)}${fileOfB}/CG%20Bridge%20Setup%202.5.0.exe`)).status).toBe(404);
  // The key is stable: the desktop can keep its feed URL across restarts.
  expect(await feedUrl(a.companyId)).toBe(await feedUrl(a.companyId));
});

test('404 when the company has no version, a hidden one, an installer elsewhere, or a version that is not semver', async () => {
  const dev = await loginDevOwner(server);
  const { companyId, owner } = await createCompany(dev, server);
  const latest = async () => fetch(`${await feedUrl(companyId)}latest.yml`);
  expect((await latest()).status).toBe(404);
  expect(
    (await owner.post('/api/app-version', versionBody({ downloadUrl: 'https://example.com/Setup.exe' }))).status,
  ).toBe(201);
  expect((await latest()).status).toBe(404);
  const up = await upload(owner, 'Setup.exe', exeBytes(4));
  expect(
    (await owner.put('/api/app-version', versionBody({ downloadUrl: up.body.downloadUrl, isPublic: false }))).status,
  ).toBe(200);
  expect((await latest()).status).toBe(404); // hidden: still being tried by dev/owner
  expect(
    (await owner.put('/api/app-version', versionBody({ downloadUrl: up.body.downloadUrl, latestVersion: 'nightly' })))
      .status,
  ).toBe(200);
  const notSemver = await latest();
  expect(notSemver.status).toBe(404);
  expect(((await notSemver.json()) as { message: string }).message).toMatch(/"nightly" is not a version number/);
  expect(
    (await owner.put('/api/app-version', versionBody({ downloadUrl: up.body.downloadUrl, latestVersion: '3.0.0' })))
      .status,
  ).toBe(200);
  expect((await latest()).status).toBe(200);
});

test('an installer uploaded before the feed existed (no stored sha512) is hashed once from disk and then stored', async () => {
  const { companyId, bytes, fileUrl } = await stationWithVersion('2.7.0', 5);
  const fileId = fileUrl.split('/').pop() ?? '';
  await storeSql(server, 'UPDATE app_version_files SET sha512 = NULL WHERE id = ?', [fileId]);
  const text = await (await fetch(`${await feedUrl(companyId)}latest.yml`)).text();
  const expected = createHash('sha512').update(bytes).digest('base64');
  expect(
    parseUpdateFeed(parseUpdateInfo(text, 'latest.yml', new URL(`${await feedUrl(companyId)}latest.yml`))),
  ).toMatchObject({ ok: true, feed: { sha512: expected } });
  expect(
    (await storeSql<{ sha512: string }>(server, 'SELECT sha512 FROM app_version_files WHERE id = ?', [fileId]))[0]
      ?.sha512,
  ).toBe(expected);
});

test('the company id in a feed path is decimal digits only: "<id>e0", "0x<id>", " <id>" name no company (issue 37 point 11)', async () => {
  const { companyId } = await stationWithVersion('2.8.0', 6);
  const folder = await server.services.appVersions.feeds.folderPath(companyId);
  expect((await fetch(`${server.url}${folder}latest.yml`)).status).toBe(200);
  const key = folder.split('/')[5] ?? '';
  for (const spelling of [`${companyId}e0`, `0x${companyId.toString(16)}`, `%20${companyId}`, `0${companyId}.0`]) {
    expect((await fetch(`${server.url}/api/app-versions/feed/${spelling}/${key}/latest.yml`)).status, spelling).toBe(
      404,
    );
  }
});
