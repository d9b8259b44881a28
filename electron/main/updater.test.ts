import fs from 'node:fs';
import Module from 'node:module';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { NsisUpdater } from 'electron-updater';
import { ElectronHttpExecutor } from 'electron-updater/out/electronHttpExecutor';
import { afterAll, beforeAll, expect, test, vi } from 'vitest';
import { createCompany, loginDevOwner } from '../../server/test/factories';
import { startTestServer, type TestServer } from '../../server/test/test-server';
import { upload, versionBody } from '../../server/modules/app-versions/app-version-test-helpers';
import type { Question } from './operator-decisions';
import { DesktopUpdater, type UpdaterHost } from './updater';

/**
 * The whole self-update path against a real server's feed: the real electron-updater (its Windows
 * NsisUpdater) checks, downloads over HTTP and verifies sha512; our updater offers, checks the
 * SHA-256, and decides. `electron` is the stand-in the built-main smoke tests use; the
 * CommonJS `require('electron')` inside electron-updater gets it too.
 */
vi.mock('electron', () => import('../test-support/electron-stand-in.mjs'));
const standIn = await import('../test-support/electron-stand-in.mjs');
const loader = Module as unknown as { _load: (request: string, ...rest: unknown[]) => unknown };
const load = loader._load;
loader._load = (request, ...rest) => (request === 'electron' ? standIn : load(request, ...rest));

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

interface Run {
  lines: string[];
  questions: Question[];
  stopped: number;
}

/** An NsisUpdater as the installed 2.4.0 app on Windows would have, with its app-update.yml. */
function windowsUpdater(): NsisUpdater {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cgb-updater-'));
  const configPath = path.join(dir, 'app-update.yml');
  fs.writeFileSync(
    configPath,
    'provider: generic\nurl: http://127.0.0.1/unused\nupdaterCacheDirName: cg-bridge-updater\n',
  );
  const updater = new NsisUpdater(undefined, {
    version: '2.4.0',
    name: 'CG Bridge',
    isPackaged: true,
    appUpdateConfigPath: configPath,
    userDataPath: dir,
    baseCachePath: path.join(dir, 'cache'),
    whenReady: () => Promise.resolve(),
    relaunch: () => undefined,
    quit: () => undefined,
    onQuit: () => undefined,
  });
  // As electron-updater's own tests do: its Windows updater on another platform, and the HTTP
  // client it makes only for the default app (Electron's net, here the stand-in's Node http).
  Object.assign(updater as unknown as { _testOnlyOptions: object; httpExecutor: ElectronHttpExecutor }, {
    _testOnlyOptions: { platform: 'win32', isUseDifferentialDownload: false },
    httpExecutor: new ElectronHttpExecutor(),
  });
  return updater;
}

/** Runs the updater until `until` is logged; the operator answers every box with `answer`. */
async function runUpdater(companyId: number, connections: number, until: RegExp): Promise<Run> {
  const run: Run = { lines: [], questions: [], stopped: 0 };
  const feed = `${server.url}${await server.services.appVersions.feeds.folderPath(companyId)}`;
  const host: UpdaterHost = {
    feedUrl: () => feed,
    log: (level, message) => run.lines.push(`${level} ${message}`),
    ask: (q) => {
      run.questions.push(q);
      return Promise.resolve(q.buttons.indexOf('Download') >= 0 ? 1 : 0);
    },
    connections: () => Promise.resolve(connections),
    windowOpen: () => true,
    stopForInstall: () => {
      run.stopped += 1;
      return Promise.resolve(false);
    },
    installFailed: () => undefined,
  };
  const updater = new DesktopUpdater(host, windowsUpdater());
  updater.start();
  const deadline = Date.now() + 15_000;
  while (!run.lines.some((l) => until.test(l))) {
    if (Date.now() > deadline) throw new Error(`no log line ${String(until)}:\n${run.lines.join('\n')}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  updater.stop();
  return run;
}

async function stationWith(bytes: Buffer) {
  const dev = await loginDevOwner(server);
  const station = await createCompany(dev, server);
  const up = await upload(station.owner, 'CG Bridge Setup 2.5.0.exe', bytes);
  expect(
    (
      await station.owner.post(
        '/api/app-version',
        versionBody({ latestVersion: '2.5.0', downloadUrl: up.body.downloadUrl }),
      )
    ).status,
  ).toBe(201);
  return { companyId: station.companyId, fileId: up.body.downloadUrl.split('/').pop() ?? '' };
}

const installer = (fill: number) => Buffer.concat([Buffer.from('MZ'), Buffer.alloc(300_000, fill)]);

test('a newer version is offered, downloaded on request, its SHA-256 checked, and it waits while other screens are connected', async () => {
  const { companyId } = await stationWith(installer(5));
  const run = await runUpdater(companyId, 3, /waits:/);
  expect(run.questions[0]?.message).toBe('CG Bridge 2.5.0 is available');
  expect(run.lines).toContain('INFO update 2.5.0 downloaded; SHA-256 matches App Version');
  expect(run.lines).toContain(
    'INFO update 2.5.0 waits: 2 other screens are connected to this server (CG control, prompters, phones): the update waits until they have closed.',
  );
  // Not asked to install, nothing stopped.
  expect(run.questions.map((q) => q.message)).toEqual(['CG Bridge 2.5.0 is available']);
  expect(run.stopped).toBe(0);
});

test('with no other screen the operator is asked; "Later" (the default) installs nothing', async () => {
  const { companyId } = await stationWith(installer(6));
  const run = await runUpdater(companyId, 1, /downloaded; SHA-256 matches/);
  await new Promise((r) => setTimeout(r, 200));
  expect(run.questions.map((q) => q.message)).toEqual([
    'CG Bridge 2.5.0 is available',
    'CG Bridge 2.5.0 is downloaded and checked',
  ]);
  expect(run.stopped).toBe(0);
});

test('a download whose SHA-256 differs from App Version is refused and deleted, though its sha512 passed', async () => {
  const { companyId, fileId } = await stationWith(installer(7));
  // App Version's SHA-256 no longer describes the file (the feed's sha512 still does).
  const db = new Database(path.join(server.dataDir, 'cg-bridge.sqlite'));
  db.prepare('UPDATE app_version_files SET checksum = ? WHERE id = ?').run('ab'.repeat(32), fileId);
  db.close();
  const run = await runUpdater(companyId, 0, /does not match the SHA-256/);
  const refusal = run.lines.find((l) => l.includes('does not match'));
  expect(refusal).toMatch(
    /^ERROR The downloaded update does not match the SHA-256 published on App Version \(expected (ab){32}, got [0-9a-f]{64}\)\. It was deleted and will not be installed\.$/,
  );
  expect(run.questions.at(-1)?.message).toBe('The CG Bridge update was refused');
  expect(run.stopped).toBe(0);
});

test('an unreachable feed is one log line; nothing is offered', async () => {
  const run: string[] = [];
  const updater = new DesktopUpdater(
    {
      feedUrl: () => 'http://127.0.0.1:9/api/app-versions/feed/1/x/',
      log: (level, message) => run.push(`${level} ${message}`),
      ask: () => Promise.reject(new Error('nothing may be asked')),
      connections: () => Promise.resolve(0),
      windowOpen: () => true,
      stopForInstall: () => Promise.reject(new Error('nothing may be installed')),
      installFailed: () => undefined,
    },
    windowsUpdater(),
  );
  updater.start();
  const deadline = Date.now() + 15_000;
  while (!run.some((l) => l.startsWith('WARN update check failed'))) {
    if (Date.now() > deadline) throw new Error(run.join('\n'));
    await new Promise((r) => setTimeout(r, 50));
  }
  updater.stop();
  expect(run.find((l) => l.startsWith('WARN update check failed'))).toMatch(/ECONNREFUSED/);
});
