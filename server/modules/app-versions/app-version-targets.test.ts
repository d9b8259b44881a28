import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppVersion } from '../../../shared/contracts/app-versions';
import type { ApiClient } from '../../test/api-client';
import { createCompany, createUser, loginDevOwner } from '../../test/factories';
import { storeSql } from '../../test/store-sql';
import { startTestServer, type TestServer } from '../../test/test-server';
import { upload, versionBody } from './app-version-test-helpers';
import { TARGETS_NEED_DEV } from './app-versions.service';

/**
 * Issue 37 point 2: only a dev offers a version to other stations. A station owner's version —
 * and the installer they uploaded — stays with their own station, in GET /api/app-version, in the
 * download and in the desktop update feed.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

type Message = { message: string };
const exeBytes = (fill: number) => Buffer.concat([Buffer.from('MZ'), Buffer.alloc(16 * 1024, fill)]);
const feedYml = async (companyId: number) =>
  fetch(`${server.url}${await server.services.appVersions.feeds.folderPath(companyId)}latest.yml`);

/** A station with an editor, and an installer its (non-dev) owner uploaded. */
async function station(dev: ApiClient, fill: number) {
  const made = await createCompany(dev, server);
  const editor = await createUser(made.owner, server, 'editor');
  const up = await upload(made.owner, `Station ${fill} Setup.exe`, exeBytes(fill));
  expect(up.status).toBe(201);
  return { ...made, editor, fileUrl: up.body.downloadUrl, checksum: up.body.checksum };
}

/** The vendor's release: a dev's upload, published for `vendorId` to `targets`. */
async function vendorRelease(dev: ApiClient, vendorId: number, targets: number[]) {
  const up = await upload(dev, 'CG Bridge Setup 3.0.0.exe', exeBytes(99));
  const res = await dev.post<AppVersion>(
    '/api/app-version',
    versionBody({
      companyId: vendorId,
      latestVersion: '3.0.0',
      downloadUrl: up.body.downloadUrl,
      targetCompanies: targets,
    }),
  );
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return up.body.downloadUrl;
}

describe('app versions: only a dev targets other companies', () => {
  it('a station owner cannot offer a version to other stations, nor learn which company ids exist; other stations keep the vendor release', async () => {
    const dev = await loginDevOwner(server);
    const vendor = await createCompany(dev, server);
    const a = await station(dev, 1);
    const b = await station(dev, 2);
    const c = await station(dev, 3);
    await vendorRelease(dev, vendor.companyId, [a.companyId, b.companyId]);

    const attack = versionBody({
      latestVersion: '9.9.9',
      isPublic: true,
      downloadUrl: c.fileUrl,
      checksum: c.checksum,
    });
    // Existing and unknown ids alike: one answer, so the list does not reveal which ids exist.
    for (const targetCompanies of [[a.companyId, b.companyId], [b.companyId], [c.companyId, 424_242], [424_242]]) {
      const res = await c.owner.post<Message>('/api/app-version', { ...attack, targetCompanies });
      expect(res.status, JSON.stringify(targetCompanies)).toBe(403);
      expect(res.body.message).toBe(TARGETS_NEED_DEV);
    }
    // Their own station only: that saves (the company itself may be named).
    const own = await c.owner.post<AppVersion>('/api/app-version', { ...attack, targetCompanies: [c.companyId] });
    expect(own.status).toBe(201);
    // Re-saving (newest updatedAt) cannot take over the vendor's release either.
    server.clock.advance(60_000);
    expect(
      (await c.owner.put<Message>('/api/app-version', { ...attack, targetCompanies: [a.companyId, b.companyId] }))
        .status,
    ).toBe(403);

    for (const other of [a, b]) {
      expect((await other.editor.get<AppVersion>('/api/app-version')).body).toMatchObject({
        companyId: vendor.companyId,
        latestVersion: '3.0.0',
      });
      expect(
        (await other.editor.post(`/api/app-version/files/${c.fileUrl.split('/').pop() ?? ''}/ticket`)).status,
      ).toBe(404);
      const feed = await feedYml(other.companyId);
      expect(feed.status).toBe(200);
      const text = await feed.text();
      expect(text).toContain('version: "3.0.0"');
      expect(text).not.toContain(c.checksum);
    }
    // C's own users get C's version.
    expect((await c.editor.get<AppVersion>('/api/app-version')).body).toMatchObject({
      companyId: c.companyId,
      latestVersion: '9.9.9',
    });
  });

  it('an owner editing a version a dev published to others must drop the other stations; a dev may target any existing company', async () => {
    const dev = await loginDevOwner(server);
    const b = await station(dev, 4);
    const c = await station(dev, 5);
    const devFile = await vendorRelease(dev, c.companyId, [b.companyId]);
    expect((await b.editor.get<AppVersion>('/api/app-version')).body).toMatchObject({
      companyId: c.companyId,
      latestVersion: '3.0.0',
    });

    const keep = await c.owner.put<Message>(
      '/api/app-version',
      versionBody({ latestVersion: '3.0.1', downloadUrl: c.fileUrl, targetCompanies: [b.companyId] }),
    );
    expect(keep.status).toBe(403);
    expect(keep.body.message).toBe(TARGETS_NEED_DEV);
    expect(
      (
        await c.owner.put(
          '/api/app-version',
          versionBody({ latestVersion: '3.0.1', downloadUrl: c.fileUrl, targetCompanies: [] }),
        )
      ).status,
    ).toBe(200);
    expect((await b.editor.get('/api/app-version')).body).toBeNull();

    // A dev is told which ids are unknown (they may see every company anyway).
    const unknown = await dev.put<Message>(
      '/api/app-version',
      versionBody({ companyId: c.companyId, downloadUrl: devFile, targetCompanies: [b.companyId, 424_242] }),
    );
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe('targetCompanies: unknown company 424242');
    expect(
      (
        await dev.put(
          '/api/app-version',
          versionBody({ companyId: c.companyId, downloadUrl: devFile, targetCompanies: [b.companyId] }),
        )
      ).status,
    ).toBe(200);
    expect((await b.editor.get<AppVersion>('/api/app-version')).body).toMatchObject({
      companyId: c.companyId,
      downloadUrl: devFile,
    });
  });

  it('a version saved with targets before the rule never hands a station owner’s upload to other stations', async () => {
    const dev = await loginDevOwner(server);
    const vendor = await createCompany(dev, server);
    const b = await station(dev, 6);
    const c = await station(dev, 7);
    await vendorRelease(dev, vendor.companyId, [b.companyId]);
    server.clock.advance(60_000);
    expect(
      (
        await c.owner.post(
          '/api/app-version',
          versionBody({ latestVersion: '9.9.9', downloadUrl: c.fileUrl, checksum: c.checksum }),
        )
      ).status,
    ).toBe(201);
    // What the old server let C's owner store: newer than the vendor's, targeting B.
    await storeSql(server, 'UPDATE app_versions SET target_companies = ? WHERE company_id = ?', [
      JSON.stringify([b.companyId]),
      c.companyId,
    ]);

    expect((await b.editor.get<AppVersion>('/api/app-version')).body).toMatchObject({
      companyId: vendor.companyId,
      latestVersion: '3.0.0',
    });
    expect((await b.editor.post(`/api/app-version/files/${c.fileUrl.split('/').pop() ?? ''}/ticket`)).status).toBe(404);
    const text = await (await feedYml(b.companyId)).text();
    expect(text).toContain('version: "3.0.0"');
    expect(text).not.toContain(c.checksum);
  });
});
