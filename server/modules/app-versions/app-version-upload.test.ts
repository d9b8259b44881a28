import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppVersion, UploadedAppFile } from '../../../shared/contracts/app-versions';
import { createLogger } from '../../lib/logger';
import { ApiClient } from '../../test/api-client';
import { createCompany, createUser, login, loginDevOwner } from '../../test/factories';
import { storeSql } from '../../test/store-sql';
import { startTestServer, type TestServer } from '../../test/test-server';
import { AppVersionStorage } from './app-version-storage';
import { rawUpload, upload, versionBody, zipBytes } from './app-version-test-helpers';

let server: TestServer;
let dir: string;
beforeAll(async () => {
  server = await startTestServer();
  dir = path.join(server.dataDir, 'app-versions');
});
afterAll(() => server.close());

const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const filesOnDisk = () => fs.readdirSync(dir);
/** The stored file rows, read with a connection of the test's own (committed rows only). */
async function fileRows(): Promise<number> {
  const [row] = await storeSql<{ n: number | string }>(server, 'SELECT count(*) AS n FROM app_version_files');
  return Number(row?.n);
}

async function waitFor(check: () => boolean, timeoutMs = 3000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 20));
  }
}

/**
 * Every flush to disk this process asks for while `run` runs: the file it flushed (by inode, which
 * the final rename keeps) and that file's size at that moment. The server runs in this process, so
 * these are the upload's own flushes — not the machine's page cache, which other work also fills.
 */
async function flushesDuring<T>(
  run: () => Promise<T>,
): Promise<{ result: T; flushes: Array<{ ino: number; size: number }> }> {
  const probe = await fs.promises.open(process.execPath, 'r');
  const proto = Object.getPrototypeOf(probe) as { datasync: (this: fs.promises.FileHandle) => Promise<void> };
  await probe.close();
  const datasync = proto.datasync;
  const flushes: Array<{ ino: number; size: number }> = [];
  proto.datasync = async function (this: fs.promises.FileHandle) {
    const { ino, size } = await this.stat();
    flushes.push({ ino, size });
    return datasync.call(this);
  };
  try {
    return { result: await run(), flushes };
  } finally {
    proto.datasync = datasync;
  }
}

describe('POST /api/app-version/upload', () => {
  it('is on disk when it answers 201, flushed in 1 MB steps as it arrives (a power cut lost it; a later writeback stalled CG writes)', async () => {
    const dev = await loginDevOwner(server);
    const bytes = zipBytes(16 * 1024 * 1024, 9);
    const { result: res, flushes } = await flushesDuring(() => upload(dev, 'durable.zip', bytes));
    expect(res.status).toBe(201);
    const { ino } = fs.statSync(path.join(dir, res.body.downloadUrl.split('/').pop() ?? ''));
    const sizes = flushes.filter((f) => f.ino === ino).map((f) => f.size);
    // The whole file was flushed before the answer, and never more than a step (plus one socket chunk) waited.
    expect(sizes.at(-1)).toBe(bytes.length);
    const steps = sizes.map((size, i) => size - (sizes[i - 1] ?? 0));
    expect(steps.length).toBeGreaterThanOrEqual(16);
    expect(Math.max(...steps)).toBeLessThan(1.5 * 1024 * 1024);
  });

  it('holds its chunks while an on-air write runs and finishes after it (issue 24: air first)', async () => {
    const dev = await loginDevOwner(server);
    let endWrite = () => {};
    const write = server.services.appVersions.onAir.run(() => new Promise<void>((resolve) => (endWrite = resolve)));
    let answered = false;
    const sending = upload(dev, 'held.zip', zipBytes(2_000_000, 5)).then((res) => ((answered = true), res));
    // Well past the time a 2 MB upload takes here; it must still be waiting for the write.
    await new Promise((r) => setTimeout(r, 500));
    const partBytes = filesOnDisk()
      .filter((f) => f.endsWith('.part'))
      .reduce((n, f) => n + fs.statSync(path.join(dir, f)).size, 0);
    expect([answered, partBytes < 2_000_000]).toEqual([false, true]);
    endWrite();
    await write;
    expect((await sending).status).toBe(201);
  });

  it('stores a valid file under a random id with the sha256 of its bytes and its base name', async () => {
    const dev = await loginDevOwner(server);
    const bytes = zipBytes(300_000, 3);
    const res = await upload(dev, 'C:\\builds\\nightly\\CGBridge-2.4.1.zip', bytes);
    expect(res.status).toBe(201);
    expect(res.body.downloadUrl).toMatch(/^\/api\/app-version\/files\/[0-9a-f]{32}$/);
    expect(res.body).toEqual({
      originalName: 'CGBridge-2.4.1.zip',
      downloadUrl: res.body.downloadUrl,
      fileSize: bytes.length,
      checksum: sha256(bytes),
    });
    const id = res.body.downloadUrl.split('/').pop() ?? '';
    expect(fs.readFileSync(path.join(dir, id)).equals(bytes)).toBe(true);
    expect(filesOnDisk().filter((f) => f.endsWith('.part'))).toEqual([]);
    const exe = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(100)]);
    expect((await upload(dev, 'Setup.EXE', exe)).status).toBe(201);
    const msi = Buffer.concat([Buffer.from('d0cf11e0a1b11ae1', 'hex'), Buffer.alloc(100)]);
    expect((await upload(dev, 'setup.msi', msi)).status).toBe(201);
  });

  it('refuses wrong types and wrong first bytes with 415 naming the expected type, keeping nothing', async () => {
    const dev = await loginDevOwner(server);
    const before = { disk: filesOnDisk().length, rows: await fileRows() };
    const exeWithPk = await upload(dev, 'setup.exe', zipBytes(2000));
    expect(exeWithPk.status).toBe(415);
    expect(exeWithPk.body.message).toBe(
      'setup.exe is not a Windows executable (starting with MZ); upload a real .exe file',
    );
    const textZip = await upload(dev, 'notes.zip', Buffer.from('just some text, not an archive'));
    expect(textZip.status).toBe(415);
    expect(textZip.body.message).toContain('is not a ZIP archive');
    const tiny = await upload(dev, 'a.zip', Buffer.from('PK'));
    expect(tiny.status).toBe(415);
    const txt = await upload(dev, 'readme.txt', zipBytes(100));
    expect(txt.status).toBe(415);
    expect(txt.body.message).toBe('Only .exe, .msi, .zip files can be uploaded; readme.txt is not one');
    await waitFor(() => filesOnDisk().length === before.disk);
    expect(await fileRows()).toBe(before.rows);
  });

  it('asks for a file, takes one file per request, and needs multipart', async () => {
    const dev = await loginDevOwner(server);
    const form = new FormData();
    form.append('note', 'no file here');
    const none = await fetch(`${server.url}/api/app-version/upload`, {
      method: 'POST',
      body: form,
      headers: { authorization: `Bearer ${dev.token}` },
    });
    expect(none.status).toBe(400);
    expect(((await none.json()) as { message: string }).message).toBe('Please select a file');
    const two = new FormData();
    two.append('file', new Blob([zipBytes(10)]), 'a.zip');
    two.append('file', new Blob([zipBytes(10)]), 'b.zip');
    const twice = await fetch(`${server.url}/api/app-version/upload`, {
      method: 'POST',
      body: two,
      headers: { authorization: `Bearer ${dev.token}` },
    });
    expect(twice.status).toBe(400);
    expect(((await twice.json()) as { message: string }).message).toBe('Send only one file per upload');
    const json = await dev.post<{ message: string }>('/api/app-version/upload', { file: 'x' });
    expect(json.status).toBe(400);
    expect((await new ApiClient(server.url).post('/api/app-version/upload', {})).status).toBe(401);
  });

  it('hostile multipart gets a 4xx JSON with a message, never a 5xx', async () => {
    const dev = await loginDevOwner(server);
    const post = (body: string, type: string) =>
      dev.request<{ message: string }>('POST', '/api/app-version/upload', body, { 'content-type': type });
    const part = (name: string) =>
      `--b\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\n\r\nPK\u0003\u0004data\r\n--b--\r\n`;
    const attempts = [
      post('no boundary', 'multipart/form-data'),
      post(
        '--b\r\nContent-Disposition: form-data; name="file"; filename="a.zip"\r\n\r\nPK\u0003\u0004 and then nothing',
        'multipart/form-data; boundary=b',
      ),
      post(part('nul\u0000.zip'), 'multipart/form-data; boundary=b'),
      post(part(`${'x'.repeat(300)}.zip`), 'multipart/form-data; boundary=b'),
      dev.delete('/api/app-version/abc'),
      dev.delete('/api/app-version/99999999999999999999'),
      dev.post('/api/app-version', { ...versionBody(), latestVersion: 'nul\u0000' }),
      dev.post('/api/app-version/files/not-an-id/ticket'),
    ];
    for (const res of await Promise.all(attempts)) {
      expect(res.status, JSON.stringify(res.body)).toBeGreaterThanOrEqual(400);
      expect(res.status, JSON.stringify(res.body)).toBeLessThan(500);
      expect(typeof (res.body as { message?: unknown }).message).toBe('string');
    }
    // A path-like name is reduced to its base name; the file lives under a random id.
    const traversal = await post(part('../../../etc/passwd.zip'), 'multipart/form-data; boundary=b');
    expect(traversal.status).toBe(201);
    expect((traversal.body as unknown as UploadedAppFile).originalName).toBe('passwd.zip');
    expect(filesOnDisk().filter((f) => f.endsWith('.part'))).toEqual([]);
  });

  it('answers 413 from a Content-Length over the limit without reading the body', async () => {
    const dev = await loginDevOwner(server);
    const res = await rawUpload(server.url, dev.token ?? '', { size: 0, contentLength: 600 * 1024 * 1024 });
    expect(res.status).toBe(413);
    expect(JSON.parse(res.body)).toEqual({ message: 'File is larger than 500MB' });
    expect(res.sentTotal).toBe(0);
  });

  it('an upload whose client vanishes after 5 MB leaves no file and no row', async () => {
    const dev = await loginDevOwner(server);
    const before = { disk: filesOnDisk().length, rows: await fileRows() };
    const res = await rawUpload(server.url, dev.token ?? '', { size: 50 * 1024 * 1024, abortAfter: 5 * 1024 * 1024 });
    expect(res.status).toBeNull();
    await waitFor(() => filesOnDisk().length === before.disk);
    await new Promise((r) => setTimeout(r, 100));
    expect(filesOnDisk().length).toBe(before.disk);
    expect(await fileRows()).toBe(before.rows);
  });

  it('a repeated Idempotency-Key stores one file and answers the same', async () => {
    const dev = await loginDevOwner(server);
    const before = filesOnDisk().length;
    const key = 'upload-key-' + Date.now();
    const bytes = zipBytes(50_000);
    const [first, second] = await Promise.all([
      upload(dev, 'x.zip', bytes, { 'idempotency-key': key }),
      upload(dev, 'x.zip', bytes, { 'idempotency-key': key }),
    ]);
    expect(first.status).toBe(201);
    expect(second.body).toEqual(first.body);
    const third = await upload(dev, 'x.zip', bytes, { 'idempotency-key': key });
    expect(third.headers.get('idempotent-replayed')).toBe('true');
    expect(third.body).toEqual(first.body);
    expect(filesOnDisk().length).toBe(before + 1);
  });
});

describe('GET /api/app-version/files/:id', () => {
  it('serves ranges and the original name', async () => {
    const dev = await loginDevOwner(server);
    const bytes = zipBytes(4096, 9);
    const { downloadUrl } = (await upload(dev, 'CG Bridge Setup.zip', bytes)).body;
    const auth = { authorization: `Bearer ${dev.token}` };
    const full = await fetch(server.url + downloadUrl, { headers: auth });
    expect(full.status).toBe(200);
    expect(full.headers.get('content-disposition')).toBe('attachment; filename="CG Bridge Setup.zip"');
    expect(full.headers.get('accept-ranges')).toBe('bytes');
    expect(Buffer.from(await full.arrayBuffer()).equals(bytes)).toBe(true);
    const part = await fetch(server.url + downloadUrl, { headers: { ...auth, range: 'bytes=0-9' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 0-9/${bytes.length}`);
    expect(Buffer.from(await part.arrayBuffer()).equals(bytes.subarray(0, 10))).toBe(true);
    expect((await fetch(server.url + downloadUrl, { headers: { ...auth, range: 'bytes=99999-' } })).status).toBe(416);
    expect((await fetch(server.url + downloadUrl)).status).toBe(401);
    expect((await fetch(`${server.url}/api/app-version/files/${'0'.repeat(32)}`, { headers: auth })).status).toBe(404);
    expect(
      (await fetch(`${server.url}/api/app-version/files/..%2F..%2Fcg-bridge.sqlite`, { headers: auth })).status,
    ).toBe(404);
  });

  it('a ticket downloads without a bearer for 10 minutes; forged or expired tickets are 404', async () => {
    const dev = await loginDevOwner(server);
    const bytes = zipBytes(2048, 5);
    const { downloadUrl } = (await upload(dev, 'ticketed.zip', bytes)).body;
    const fileId = downloadUrl.split('/').pop() ?? '';
    const { url } = (await dev.post<{ url: string }>(`/api/app-version/files/${fileId}/ticket`)).body;
    expect(url).toMatch(new RegExp(`^/api/app-version/files/${fileId}\\?ticket=\\d+\\.${dev.user.id}\\.[0-9a-f]{64}$`));
    const viaTicket = await fetch(server.url + url);
    expect(viaTicket.status).toBe(200);
    expect(Buffer.from(await viaTicket.arrayBuffer()).equals(bytes)).toBe(true);
    const forged = url.replace(/[0-9a-f]{4}$/, (s) => (s === '0000' ? '1111' : '0000'));
    expect((await fetch(server.url + forged)).status).toBe(404);
    const otherUser = url.replace(`.${dev.user.id}.`, '.999.');
    expect((await fetch(server.url + otherUser)).status).toBe(404);
    server.clock.advance(10 * 60 * 1000 + 1);
    expect((await fetch(server.url + url)).status).toBe(404);
  });

  it('a ticket stops working once its user is deleted, deactivated or no longer allowed the file', async () => {
    const dev = await loginDevOwner(server);
    const { owner } = await createCompany(dev, server);
    const uploaded = (await upload(owner, 'station-only.zip', zipBytes(1000))).body;
    const fileId = uploaded.downloadUrl.split('/').pop() ?? '';
    const ticketFor = async (c: ApiClient) =>
      (await c.post<{ url: string }>(`/api/app-version/files/${fileId}/ticket`)).body.url;
    const status = async (url: string) => (await fetch(server.url + url)).status;

    const deleted = await createUser(owner, server, 'editor');
    const deletedUrl = await ticketFor(deleted);
    expect(await status(deletedUrl)).toBe(200);
    expect((await owner.delete(`/api/users/${deleted.user.id}`)).status).toBe(200);
    expect(await status(deletedUrl)).toBe(404);

    const deactivated = await createUser(owner, server, 'editor');
    const deactivatedUrl = await ticketFor(deactivated);
    expect((await owner.put(`/api/users/${deactivated.user.id}`, { isActive: false })).status).toBe(200);
    expect(await status(deactivatedUrl)).toBe(404);

    // A dev's ticket for another station's file ends when the account is no longer a dev.
    const devUser = await createUser(dev, server, 'admin', { roletype: 'dev' });
    const devUrl = await ticketFor(devUser);
    expect(await status(devUrl)).toBe(200);
    expect((await dev.put(`/api/users/${devUser.user.id}`, { roletype: 'user' })).status).toBe(200);
    expect(await status(devUrl)).toBe(404);
  });
});

describe('non-ASCII file names', () => {
  it('keeps a Thaana installer name as sent, in the API answer and the download header', async () => {
    const dev = await loginDevOwner(server);
    const name = 'ސެޓަޕް.exe';
    const res = await upload(dev, name, Buffer.concat([Buffer.from('MZ'), Buffer.alloc(100)]));
    expect(res.status).toBe(201);
    expect(res.body.originalName).toBe(name);
    const download = await fetch(server.url + res.body.downloadUrl, {
      headers: { authorization: `Bearer ${dev.token}` },
    });
    expect(download.status).toBe(200);
    const disposition = download.headers.get('content-disposition') ?? '';
    const encoded = /filename\*=UTF-8''([^;]+)/.exec(disposition)?.[1] ?? '';
    expect(decodeURIComponent(encoded)).toBe(name);
  });
});

describe('tenancy of files', () => {
  it('another company cannot download or ticket a file until a public version targeting it points at it', async () => {
    const dev = await loginDevOwner(server);
    const a = await createCompany(dev, server);
    const b = await createCompany(dev, server);
    const bEditor = await createUser(b.owner, server, 'editor');
    const aEditor = await createUser(a.owner, server, 'editor');
    const uploaded = (await upload(a.owner, 'a-only.zip', zipBytes(1000))).body;
    const fileId = uploaded.downloadUrl.split('/').pop() ?? '';
    const get = (c: ApiClient) =>
      fetch(server.url + uploaded.downloadUrl, { headers: { authorization: `Bearer ${c.token}` } });
    expect((await get(aEditor)).status).toBe(200);
    expect((await get(b.owner)).status).toBe(404);
    expect((await get(bEditor)).status).toBe(404);
    expect((await bEditor.post(`/api/app-version/files/${fileId}/ticket`)).status).toBe(404);
    expect((await bEditor.get('/api/app-version')).body).toBeNull();

    // Only a dev offers a version to other companies (issue 37 point 2): A's owner cannot share A's file.
    const shared = versionBody({ downloadUrl: uploaded.downloadUrl, isPublic: true, targetCompanies: [b.companyId] });
    expect((await a.owner.post<AppVersion>('/api/app-version', shared)).status).toBe(403);
    expect((await get(bEditor)).status).toBe(404);

    // A dev's upload, published for A to B: B may download it, A's own upload stays A's.
    const vendor = (await upload(dev, 'vendor.zip', zipBytes(1000, 9))).body;
    const vendorId = vendor.downloadUrl.split('/').pop() ?? '';
    const getVendor = (c: ApiClient) =>
      fetch(server.url + vendor.downloadUrl, { headers: { authorization: `Bearer ${c.token}` } });
    const published = { ...shared, companyId: a.companyId, downloadUrl: vendor.downloadUrl };
    expect((await dev.post<AppVersion>('/api/app-version', published)).status).toBe(201);
    expect((await getVendor(bEditor)).status).toBe(200);
    expect((await bEditor.post(`/api/app-version/files/${vendorId}/ticket`)).status).toBe(200);
    expect((await get(bEditor)).status).toBe(404);

    await dev.put('/api/app-version', { ...published, isPublic: false });
    expect((await getVendor(bEditor)).status).toBe(404);
    expect((await get(aEditor)).status).toBe(200);
  });
});

describe('sweep of unused uploads', () => {
  it('removes files no version points at once a day old; keeps used and fresh ones', async () => {
    const dev = await loginDevOwner(server);
    const { owner: before, ownerPassword } = await createCompany(dev, server);
    const used = (await upload(before, 'used.zip', zipBytes(100))).body;
    const abandoned = (await upload(before, 'abandoned.zip', zipBytes(100))).body;
    await before.post('/api/app-version', versionBody({ downloadUrl: used.downloadUrl }));
    server.clock.advance(24 * 60 * 60 * 1000 + 1000);
    // A day idle ends the session: sign in again.
    const owner = await login(server, before.user.username, ownerPassword);
    const fresh = (await upload(owner, 'fresh.zip', zipBytes(100))).body;
    await server.scheduler.runNow('sweep-app-version-files');
    const onDisk = filesOnDisk();
    const idOf = (f: UploadedAppFile) => f.downloadUrl.split('/').pop() ?? '';
    expect(onDisk).toContain(idOf(used));
    expect(onDisk).toContain(idOf(fresh));
    expect(onDisk).not.toContain(idOf(abandoned));
    const auth = { authorization: `Bearer ${owner.token}` };
    expect((await fetch(server.url + abandoned.downloadUrl, { headers: auth })).status).toBe(404);
    expect((await fetch(server.url + used.downloadUrl, { headers: auth })).status).toBe(200);
  });
});

describe('AppVersionStorage', () => {
  it('removes unfinished .part files at start and keeps finished files', () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cgb-appver-'));
    try {
      const folder = path.join(dataDir, 'app-versions');
      fs.mkdirSync(folder);
      fs.writeFileSync(path.join(folder, `.${'a'.repeat(32)}.part`), 'half');
      fs.writeFileSync(path.join(folder, 'b'.repeat(32)), 'whole');
      new AppVersionStorage(dataDir, createLogger('silent'));
      expect(fs.readdirSync(folder)).toEqual(['b'.repeat(32)]);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
