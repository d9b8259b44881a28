import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiClient } from '../test/api-client';
import { createCompany, loginDevOwner } from '../test/factories';
import { pgQuery } from '../test/pg-cluster';
import type { TestServer } from '../test/test-server';
import { startTwoServers, stopTwoServers, type TwoServers } from '../test/two-servers';
import { upload, versionBody } from '../modules/app-versions/app-version-test-helpers';
import { CHUNK_BYTES } from '../modules/app-versions/installer-copies';

/**
 * App Version installers and download links on two servers of one PostgreSQL store (issue 43): an
 * installer uploaded to A downloads on B — by session, by a link made on A, through B's update feed
 * — byte for byte; B fetches it from the store once however many ask; a file the store does not
 * hold whole is not found on B; a file the sweep removes is gone on both. Its own throwaway
 * cluster, two real servers.
 */
let two: TwoServers;
let url: string;
let a: TestServer;
let b: TestServer;
let devA: ApiClient;
let devB: ApiClient;
beforeAll(async () => {
  two = await startTwoServers('two_servers_installers');
  ({ url, a, b } = two);
  devA = await loginDevOwner(a);
  devB = new ApiClient(b.url, devA.token);
}, 60_000);
afterAll(() => stopTwoServers(two));

/** An installer's bytes: `MZ`, then a pattern that differs at every offset of a chunk. */
function exeBytes(size: number, seed: number): Buffer {
  const bytes = Buffer.alloc(size);
  for (let i = 0; i < size; i++) bytes[i] = (i * 31 + seed + (i >> 12)) & 0xff;
  bytes.write('MZ', 0, 'latin1');
  return bytes;
}

const idOf = (downloadUrl: string) => downloadUrl.split('/').pop() ?? '';
const onDisk = (server: TestServer, id: string) => fs.existsSync(path.join(server.dataDir, 'app-versions', id));
const partsOn = (server: TestServer) =>
  fs.readdirSync(path.join(server.dataDir, 'app-versions')).filter((f) => f.endsWith('.part'));

async function uploadOnA(size: number, seed: number, name = `Setup-${seed}.exe`) {
  const bytes = exeBytes(size, seed);
  const res = await upload(devA, name, bytes);
  expect(res.status).toBe(201);
  return { bytes, downloadUrl: res.body.downloadUrl, id: idOf(res.body.downloadUrl) };
}

async function download(server: TestServer, pathAndQuery: string, token: string | null = devA.token) {
  const res = await fetch(server.url + pathAndQuery, token ? { headers: { authorization: `Bearer ${token}` } } : {});
  return { status: res.status, bytes: Buffer.from(await res.arrayBuffer()), headers: res.headers };
}

async function chunksOf(id: string): Promise<{ n: number; bytes: number }> {
  const [row] = await pgQuery<{ n: string; bytes: string | null }>(
    url,
    `select count(*) as n, sum(length(bytes)) as bytes from app_version_file_chunks where file_id = '${id}'`,
  );
  return { n: Number(row?.n), bytes: Number(row?.bytes ?? 0) };
}

async function waitFor(check: () => boolean, timeoutMs = 3000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('installers on two servers of one store (issue 43)', () => {
  it('an upload on A is in the store in ~1 MB chunks when A answers, and downloads byte-identical on B', async () => {
    const { bytes, downloadUrl, id } = await uploadOnA(3 * CHUNK_BYTES + 12_345, 1);
    expect(await chunksOf(id)).toEqual({ n: 4, bytes: bytes.length });
    expect(onDisk(b, id)).toBe(false);
    const got = await download(b, downloadUrl);
    expect(got.status).toBe(200);
    expect(got.headers.get('content-disposition')).toBe('attachment; filename=Setup-1.exe');
    expect(got.bytes.equals(bytes)).toBe(true);
    // Now B's own copy, served as any file: ranges too.
    expect(onDisk(b, id)).toBe(true);
    const part = await fetch(b.url + downloadUrl, {
      headers: { authorization: `Bearer ${devA.token}`, range: `bytes=${CHUNK_BYTES - 2}-${CHUNK_BYTES + 1}` },
    });
    expect(part.status).toBe(206);
    expect(Buffer.from(await part.arrayBuffer()).equals(bytes.subarray(CHUNK_BYTES - 2, CHUNK_BYTES + 2))).toBe(true);
    expect(partsOn(b)).toEqual([]);
  });

  it('a download link made on A opens on B (and one made on B on A); forged and expired links are 404 on B', async () => {
    const { bytes, id } = await uploadOnA(200_000, 2);
    const { url: link } = (await devA.post<{ url: string }>(`/api/app-version/files/${id}/ticket`)).body;
    const viaB = await download(b, link, null);
    expect(viaB.status).toBe(200);
    expect(viaB.bytes.equals(bytes)).toBe(true);
    const { url: linkOfB } = (await devB.post<{ url: string }>(`/api/app-version/files/${id}/ticket`)).body;
    expect((await download(a, linkOfB, null)).status).toBe(200);
    // Signed with the store's one key, made once.
    const secrets = await pgQuery<{ name: string; value: string }>(url, 'select name, value from store_secrets');
    expect(secrets.filter((s) => s.name === 'download_tickets').map((s) => /^[0-9a-f]{64}$/.test(s.value))).toEqual([
      true,
    ]);
    const forged = link.replace(/[0-9a-f]{4}$/, (s) => (s === '0000' ? '1111' : '0000'));
    expect((await download(b, forged, null)).status).toBe(404);
    expect(
      (
        await download(
          b,
          link.replace(/ticket=\d+/, (s) => `${s}1`),
          null,
        )
      ).status,
    ).toBe(404);
    b.clock.advance(10 * 60 * 1000 + 1);
    expect((await download(b, link, null)).status).toBe(404);
  });

  it("B's update feed serves an installer uploaded on A", async () => {
    const station = await createCompany(devA, a);
    const bytes = exeBytes(1_500_000, 3);
    const up = await upload(station.owner, 'CG Bridge Setup 3.0.0.exe', bytes);
    expect(up.status).toBe(201);
    const version = versionBody({
      latestVersion: '3.0.0',
      downloadUrl: up.body.downloadUrl,
      checksum: up.body.checksum,
    });
    expect((await station.owner.post('/api/app-version', version)).status).toBe(201);
    const feed = `${b.url}${await b.services.appVersions.feeds.folderPath(station.companyId)}`;
    const yml = await fetch(`${feed}latest.yml`);
    expect(yml.status).toBe(200);
    expect(await yml.text()).toContain(`${idOf(up.body.downloadUrl)}/CG%20Bridge%20Setup%203.0.0.exe`);
    const installer = await fetch(`${feed}${idOf(up.body.downloadUrl)}/CG%20Bridge%20Setup%203.0.0.exe`);
    expect(installer.status).toBe(200);
    expect(Buffer.from(await installer.arrayBuffer()).equals(bytes)).toBe(true);
  });

  it('two downloads at once on B of a file it lacks both get the whole file, fetched from the store once', async () => {
    const { bytes, downloadUrl, id } = await uploadOnA(6 * CHUNK_BYTES + 7, 4);
    const rename = vi.spyOn(fs.promises, 'rename');
    try {
      const [one, two] = await Promise.all([download(b, downloadUrl), download(b, downloadUrl)]);
      expect([one.status, two.status]).toEqual([200, 200]);
      expect(one.bytes.equals(bytes)).toBe(true);
      expect(two.bytes.equals(bytes)).toBe(true);
      const target = path.join(b.dataDir, 'app-versions', id);
      expect(rename.mock.calls.filter(([, to]) => to === target)).toHaveLength(1);
    } finally {
      rename.mockRestore();
    }
    expect(partsOn(b)).toEqual([]);
  });

  it('a file the store does not hold whole is not found on B (never half a file); A completes it at its next start', async () => {
    const { bytes, downloadUrl, id } = await uploadOnA(2 * CHUNK_BYTES + 5, 5);
    // As a crash of A mid-copy leaves it: the last chunk never reached the store.
    await pgQuery(url, `delete from app_version_file_chunks where file_id = '${id}' and seq = 2`);
    expect((await download(b, downloadUrl)).status).toBe(404);
    expect([onDisk(b, id), partsOn(b)]).toEqual([false, []]);
    expect((await download(a, downloadUrl)).bytes.equals(bytes)).toBe(true);
    // What A does at start: the files of its disk the store lacks are copied in.
    await a.services.appVersions.copies.settle();
    expect(await chunksOf(id)).toEqual({ n: 3, bytes: bytes.length });
    expect((await download(b, downloadUrl)).bytes.equals(bytes)).toBe(true);
  });

  it("a copy in the store that does not match the file's SHA-256 is not served on B", async () => {
    const { downloadUrl, id } = await uploadOnA(CHUNK_BYTES + 10, 9);
    await pgQuery(
      url,
      `update app_version_file_chunks set bytes = overlay(bytes placing '\\x00'::bytea from 100) where file_id = '${id}' and seq = 0`,
    );
    expect((await download(b, downloadUrl)).status).toBe(404);
    expect([onDisk(b, id), partsOn(b)]).toEqual([false, []]);
  });

  it('a file the sweep removes is gone from the store and from both servers', async () => {
    const asked = await uploadOnA(CHUNK_BYTES + 1, 6);
    const away = await uploadOnA(1000, 7);
    const kept = await uploadOnA(1000, 8);
    expect((await devA.post('/api/app-version', versionBody({ downloadUrl: kept.downloadUrl }))).status).toBe(201);
    for (const f of [asked, away, kept]) expect((await download(b, f.downloadUrl)).status).toBe(200);
    a.clock.advance(24 * 60 * 60 * 1000 + 1000);
    expect(await a.services.appVersions.sweepUnusedFiles()).toBeGreaterThanOrEqual(2);
    expect(await chunksOf(asked.id)).toEqual({ n: 0, bytes: 0 });
    expect([onDisk(a, asked.id), onDisk(a, away.id)]).toEqual([false, false]);
    // B's copies: one goes when it is asked for, the other at B's next start.
    expect((await download(b, asked.downloadUrl)).status).toBe(404);
    await waitFor(() => !onDisk(b, asked.id));
    expect(onDisk(b, away.id)).toBe(true);
    await b.services.appVersions.copies.settle();
    expect([onDisk(b, away.id), onDisk(b, kept.id)]).toEqual([false, true]);
    expect((await download(b, kept.downloadUrl)).status).toBe(200);
  });
});
