import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { News } from '../../../shared/contracts/news';
import { REPO_ROOT } from '../../config';
import { login } from '../../test/factories';
import { createNews } from '../../test/news-factory';
import { startPgCluster, type PgCluster } from '../../test/pg-cluster';
import { startTestServer } from '../../test/test-server';
import type { ExportManifest } from './export-archive';
import { parseManifest } from './import-archive';
import { runStationImport } from './import-run';
import { importTables, NOT_REFERENCES } from './import-schema';
import { expectCounts, expectLinks, expectStation } from './station-import-checks';
import {
  DHIVEHI,
  importConfig,
  seedAndExport,
  stationCounts,
  storeQuery,
  tampered,
  type SeededStation,
} from './station-import-support';
import { unpack } from './station-export-support';

/**
 * The station import (issue 42, docs/station-export.md "Importing it"): a station written through
 * the real API is exported through the real route, then imported into a fresh SQLite store, through
 * the command as a process of its own, and into PostgreSQL beside another station; a server started
 * on the imported store shows it whole through the API.
 */
const TSX_LOADER = pathToFileURL(path.join(REPO_ROOT, 'node_modules', 'tsx', 'dist', 'loader.mjs')).href;
const MIGRATIONS = path.join(REPO_ROOT, 'server', 'db', 'migrations');

let work: string;
let seeded: SeededStation;
let manifest: ExportManifest;
let archiveFile: string;
let cluster: PgCluster | undefined;

beforeAll(async () => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'cgb-import-'));
  const source = await startTestServer();
  try {
    seeded = await seedAndExport(source);
  } finally {
    await source.close();
  }
  manifest = (await unpack(seeded.archive)).manifest;
  archiveFile = path.join(work, 'station-a.tar');
  fs.writeFileSync(archiveFile, seeded.archive);
}, 120_000);

afterAll(async () => {
  await cluster?.stop();
  if (work) fs.rmSync(work, { recursive: true, force: true });
});

const freshDir = (name: string) => path.join(fs.mkdtempSync(path.join(work, `${name}-`)), 'data');
const ok = <T>(res: { status: number; body: T }): T => {
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
};

describe('station import', () => {
  it('reads every column that holds another row’s id as a reference (foreign key, listed, or named as none)', () => {
    const unplaced: string[] = [];
    for (const table of importTables().values())
      for (const name of table.columns.keys())
        if (/(_id|_ids|_by|_from)$/.test(name) && !table.refs.some((r) => r.column === name))
          if (!NOT_REFERENCES[`${table.name}.${name}`]) unplaced.push(`${table.name}.${name}`);
    expect(unplaced).toEqual([]);
  });

  it('refuses another format, another format version and an archive from a newer schema', () => {
    const parse = (patch: Record<string, unknown>) => () =>
      parseManifest(Buffer.from(JSON.stringify({ ...manifest, ...patch })), MIGRATIONS);
    expect(parse({})).not.toThrow();
    expect(parse({ format: 'something-else' })).toThrow(/not a CG Bridge station export/);
    expect(parse({ formatVersion: 2 })).toThrow(/format version 2; this version of CG Bridge reads version 1/);
    expect(parse({ newestMigration: { tag: '9999_future', at: '2999-01-01T00:00:00.000Z' } })).toThrow(/newer version/);
  });

  it('into a fresh SQLite store: every row, every link, the owner signs in with the one-time password', async () => {
    const dataDir = freshDir('sqlite');
    const { result } = await runStationImport(importConfig(dataDir), archiveFile);
    expect(result.name).toBe('Station A');
    expect(result.ownerPasswords.map((o) => o.username).sort()).toEqual(['devowner', seeded.owner.username].sort());
    expect(result).toMatchObject({ demoted: [], renamed: [], apiKeysInactive: 1, outputsOff: 1 });
    await expectCounts({ dataDir }, result, manifest);
    await expectLinks({ dataDir }, result, seeded);
    const server = await startTestServer({ dataDir });
    try {
      const { users } = await expectStation(server, result, seeded.owner.username, { dataDir }, seeded);
      // Alone on this store, the station's developer account stays one.
      expect(users.find((u) => u.username === 'devowner')?.roletype).toBe('dev');
    } finally {
      await server.close();
    }
  }, 60_000);

  it('a tampered archive (one byte) imports nothing; a second import of the station is refused', async () => {
    const dataDir = freshDir('twice');
    const config = importConfig(dataDir);
    await expect(
      runStationImport(config, tampered(seeded.archive, 'Harbour fire under control', work)),
    ).rejects.toThrow(/does not match its manifest — nothing was imported: tables\/news\.jsonl: SHA-256 differs/);
    expect(fs.existsSync(dataDir)).toBe(false);
    const { result } = await runStationImport(config, archiveFile);
    const counts = await stationCounts({ dataDir }, result.companyId);
    await expect(
      runStationImport(config, tampered(seeded.archive, 'Harbour fire under control', work)),
    ).rejects.toThrow(/does not match its manifest/);
    await expect(runStationImport(config, archiveFile)).rejects.toThrow(
      /A station named "Station A" is already in this store/,
    );
    expect(await storeQuery({ dataDir }, 'SELECT id FROM companies')).toEqual([{ id: result.companyId }]);
    expect(await stationCounts({ dataDir }, result.companyId)).toEqual(counts);
  }, 60_000);

  it('through `npm run station:import` as a process: prints the owner passwords, refuses while a server runs and a second time', async () => {
    const dataDir = freshDir('cli');
    const cli = (...args: string[]) =>
      new Promise<{ code: number; out: string }>((resolve) => {
        execFile(
          process.execPath,
          ['--import', TSX_LOADER, path.join(REPO_ROOT, 'server', 'cli-station-import.ts'), ...args],
          { env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' }, timeout: 60_000 },
          (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, out: `${stdout}${stderr}` }),
        );
      });
    const done = await cli(archiveFile);
    expect(done.out).toContain('Imported station "Station A"');
    expect(done.code).toBe(0);
    const password = new RegExp(`Username: ${seeded.owner.username} +Password: (\\S+)`).exec(done.out)?.[1];
    expect(password).toBeDefined();
    const server = await startTestServer({ dataDir });
    try {
      const running = await cli(archiveFile, '--name', 'Station A2');
      expect(running.code).toBe(1);
      expect(running.out).toMatch(/Import refused: CG Bridge is running .* then import the station/);
      const owner = await login(server, seeded.owner.username, password!);
      expect(ok(await owner.get<News[]>('/api/news')).map((n) => n.title)).toContain(DHIVEHI.title);
    } finally {
      await server.close();
    }
    const again = await cli(archiveFile);
    expect(again.code).toBe(1);
    expect(again.out).toContain('Import refused: A station named "Station A" is already in this store');
    expect((await cli()).out).toContain('Usage: npm run station:import');
  }, 90_000);

  it('into PostgreSQL beside another station: imported whole, the other station untouched, names and usernames refused until renamed', async () => {
    cluster = await startPgCluster();
    const databaseUrl = await cluster.createDatabase('target');
    const dataDir = freshDir('pg');
    const where = { dataDir, databaseUrl };
    const other = {
      companyName: 'Station Z',
      ownerUsername: 'zowner',
      ownerPassword: 'z-owner-password',
      ownerRoletype: 'user' as const,
    };
    const first = await startTestServer({ dataDir, databaseUrl, firstRun: other });
    let zCompany: number;
    try {
      const z = await login(first, 'zowner', 'z-owner-password');
      await createNews(z, { title: 'Z-STORY stays' });
      zCompany = z.user.companyId;
    } finally {
      await first.close();
    }
    const zBefore = await stationCounts(where, zCompany);
    const config = importConfig(dataDir, databaseUrl);
    const { result } = await runStationImport(config, archiveFile);
    // Beside another station, a developer account would see every station: it becomes ordinary.
    expect(result.demoted).toEqual(['devowner']);
    expect(result.cgOutputPath).toBe(`./cg_output-company-${result.companyId}`);
    await expectCounts(where, result, manifest);
    await expectLinks(where, result, seeded);
    await expect(runStationImport(config, archiveFile)).rejects.toThrow(/already in this store/);
    await expect(runStationImport(config, archiveFile, { name: 'Station A2' })).rejects.toThrow(
      /taken here: .*devowner/,
    );
    const second = await runStationImport(config, archiveFile, { name: 'Station A2', usernameSuffix: '-a2' });
    expect(second.result.renamed).toContainEqual({ from: seeded.owner.username, to: `${seeded.owner.username}-a2` });
    expect(await stationCounts(where, zCompany)).toEqual(zBefore);
    const server = await startTestServer({ dataDir, databaseUrl });
    try {
      const { users } = await expectStation(server, result, seeded.owner.username, where, seeded);
      expect(users.find((u) => u.username === 'devowner')?.roletype).toBe('user');
      const a2 = await expectStation(server, second.result, `${seeded.owner.username}-a2`, where, seeded);
      expect(a2.owner.user.companyId).not.toBe(result.companyId);
      const z = await login(server, 'zowner', 'z-owner-password');
      expect(ok(await z.get<News[]>('/api/news')).map((n) => n.title)).toEqual(['Z-STORY stays']);
    } finally {
      await server.close();
    }
  }, 120_000);
});
