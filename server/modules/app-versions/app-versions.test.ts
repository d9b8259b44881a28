import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppVersion } from '../../../shared/contracts/app-versions';
import type { ActivityLog } from '../../../shared/contracts/activity-logs';
import { createCompany, createUser, loginDevOwner } from '../../test/factories';
import { startTestServer, type TestServer } from '../../test/test-server';
import { TestSocket } from '../../test/ws-client';
import { versionBody } from './app-version-test-helpers';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

type Message = { message: string };

describe('app versions: permissions', () => {
  it('editor and admin may not write or list all; an owner manages only their own company', async () => {
    const dev = await loginDevOwner(server);
    const { owner, companyId } = await createCompany(dev, server);
    const editor = await createUser(owner, server, 'editor');
    const admin = await createUser(owner, server, 'admin');
    for (const user of [editor, admin]) {
      expect((await user.post('/api/app-version', versionBody())).status).toBe(403);
      expect((await user.put('/api/app-version', versionBody())).status).toBe(403);
      expect((await user.delete(`/api/app-version/${companyId}`)).status).toBe(403);
      expect((await user.get('/api/app-versions/all')).status).toBe(403);
      expect(
        (await user.request('POST', '/api/app-version/upload', 'x', { 'content-type': 'text/plain' })).status,
      ).toBe(403);
    }
    expect((await owner.get('/api/app-versions/all')).status).toBe(403);
    const own = await owner.post<AppVersion>('/api/app-version', versionBody());
    expect(own.status).toBe(201);
    expect(own.body).toMatchObject({
      companyId,
      latestVersion: '2.4.1',
      isPublic: true,
      targetCompanies: [],
      fileSize: null,
      checksum: null,
    });
    const other = await owner.post<Message>('/api/app-version', versionBody({ companyId: 1 }));
    expect(other.status).toBe(403);
    expect((await owner.delete('/api/app-version/1')).status).toBe(403);
    expect((await owner.delete(`/api/app-version/${companyId}`)).status).toBe(200);
  });

  it('a dev manages any company and sees every version, newest first, with company names', async () => {
    const dev = await loginDevOwner(server);
    const b = await createCompany(dev, server, 'Station Bee');
    const c = await createCompany(dev, server, 'Station Cee');
    expect(
      (await dev.post('/api/app-version', versionBody({ companyId: b.companyId, latestVersion: '1.0.0' }))).status,
    ).toBe(201);
    server.clock.advance(1000);
    expect(
      (await dev.post('/api/app-version', versionBody({ companyId: c.companyId, latestVersion: '1.1.0' }))).status,
    ).toBe(201);
    const all = await dev.get<AppVersion[]>('/api/app-versions/all');
    expect(all.status).toBe(200);
    const ours = all.body.filter((v) => [b.companyId, c.companyId].includes(v.companyId));
    expect(ours.map((v) => [v.companyName, v.latestVersion])).toEqual([
      ['Station Cee', '1.1.0'],
      ['Station Bee', '1.0.0'],
    ]);
    expect((await dev.post('/api/app-version', versionBody({ companyId: 99_999 }))).status).toBe(404);
    expect((await dev.delete(`/api/app-version/${b.companyId}`)).status).toBe(200);
    expect((await dev.delete(`/api/app-version/${c.companyId}`)).status).toBe(200);
  });
});

describe('app versions: create, update, delete', () => {
  it('validates with the spec’s texts and refuses unknown target companies', async () => {
    const dev = await loginDevOwner(server);
    const { owner, companyId } = await createCompany(dev, server);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ latestVersion: ' ' }, 'Version is required'],
      [{ releaseNotes: '' }, 'Release notes are required'],
      [{ downloadFileName: undefined }, 'Download filename is required'],
      [{ checksum: 'abc' }, 'Checksum must be a SHA-256 in hex (64 characters)'],
      [{ fileSize: 600 * 1024 * 1024 }, 'File size cannot be more than 500MB'],
    ];
    for (const [overrides, text] of cases) {
      const res = await owner.post<Message>('/api/app-version', versionBody(overrides));
      expect(res.status).toBe(400);
      expect(res.body.message).toContain(text);
    }
    // Only a dev targets other companies, so only a dev learns which ids are unknown (issue 37 point 2).
    const notOwn = await owner.post<Message>('/api/app-version', versionBody({ targetCompanies: [424_242] }));
    expect(notOwn.status).toBe(403);
    const unknown = await dev.post<Message>('/api/app-version', versionBody({ companyId, targetCompanies: [424_242] }));
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe('targetCompanies: unknown company 424242');
  });

  it('creates once (409 after), updates (404 before), deletes (404 after), logs each and tells the company live', async () => {
    const dev = await loginDevOwner(server);
    const { owner, companyId } = await createCompany(dev, server);
    const editor = await createUser(owner, server, 'editor');
    const socket = await TestSocket.authed(server.url, editor.token ?? '');
    try {
      expect((await owner.put<Message>('/api/app-version', versionBody())).status).toBe(404);
      expect((await owner.post('/api/app-version', versionBody())).status).toBe(201);
      const created = await socket.waitFor('app_version_updated');
      expect(created.data).toMatchObject({ version: { companyId, latestVersion: '2.4.1' } });
      const again = await owner.post<Message>('/api/app-version', versionBody());
      expect(again.status).toBe(409);
      expect(again.body.message).toBe('This company already has an app version; edit it instead');

      const updated = await owner.put<AppVersion>(
        '/api/app-version',
        versionBody({ latestVersion: '2.5.0', checksum: 'A'.repeat(64), fileSize: 1234 }),
      );
      expect(updated.status).toBe(200);
      expect(updated.body).toMatchObject({ latestVersion: '2.5.0', checksum: 'a'.repeat(64), fileSize: 1234 });
      await socket.until(() =>
        socket.messages.some((m) => (m.data as { version?: AppVersion }).version?.latestVersion === '2.5.0'),
      );
      expect((await editor.get<AppVersion>('/api/app-version')).body.latestVersion).toBe('2.5.0');

      expect((await owner.delete(`/api/app-version/${companyId}`)).status).toBe(200);
      await socket.until(() =>
        socket.messages.some(
          (m) => m.type === 'app_version_updated' && (m.data as { version: unknown }).version === null,
        ),
      );
      expect((await owner.get('/api/app-version')).body).toBeNull();
      expect((await owner.delete(`/api/app-version/${companyId}`)).status).toBe(404);
      const log = (await owner.get<ActivityLog[]>('/api/activity-logs')).body.map((e) => e.action);
      expect(log).toEqual(
        expect.arrayContaining(['app_version_created', 'app_version_updated', 'app_version_deleted']),
      );
    } finally {
      socket.socket.close();
    }
  });
});

describe('app versions: who sees which version', () => {
  it('a company without one sees the newest public version that targets it; hidden versions stay hidden', async () => {
    const dev = await loginDevOwner(server);
    const a = await createCompany(dev, server);
    const b = await createCompany(dev, server);
    const bEditor = await createUser(b.owner, server, 'editor');
    expect((await bEditor.get('/api/app-version')).body).toBeNull();
    await dev.post(
      '/api/app-version',
      versionBody({ companyId: a.companyId, latestVersion: '3.0.0', targetCompanies: [b.companyId] }),
    );
    expect((await bEditor.get<AppVersion>('/api/app-version')).body).toMatchObject({
      companyId: a.companyId,
      latestVersion: '3.0.0',
    });

    await dev.put(
      '/api/app-version',
      versionBody({ companyId: a.companyId, latestVersion: '3.0.1', isPublic: false, targetCompanies: [b.companyId] }),
    );
    expect((await bEditor.get('/api/app-version')).body).toBeNull();
    const aEditor = await createUser(a.owner, server, 'editor');
    expect((await aEditor.get('/api/app-version')).body).toBeNull();
    expect((await a.owner.get<AppVersion>('/api/app-version')).body.latestVersion).toBe('3.0.1');

    await b.owner.post('/api/app-version', versionBody({ latestVersion: '9.9.9', isPublic: false }));
    expect((await b.owner.get<AppVersion>('/api/app-version')).body.latestVersion).toBe('9.9.9');
    expect((await bEditor.get('/api/app-version')).body).toBeNull();
  });
});
