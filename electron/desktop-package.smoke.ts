import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import asar from '@electron/asar';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { REPO_ROOT } from '../server/config';
import {
  firstRunCredentials,
  login,
  startDesktopHost,
  waitGone,
  waitHealthy,
  type DesktopHost,
} from './test-support/desktop-host';

/**
 * `npm run package:dir` against a stand-in Electron folder (no Electron binary can be had here),
 * then the packaged app itself: what the asar holds, and the extracted asar run under Node with
 * the stand-in electron module, serving /api/health and a login from the packaged layout.
 */
const resources = path.join(REPO_ROOT, 'dist', `${process.platform}-unpacked`, 'resources');
const appAsar = path.join(resources, 'app.asar');
let files: string[] = [];
let host: DesktopHost | null = null;
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'cgb-package-'));

beforeAll(() => {
  const fakeElectron = path.join(tmp, 'electron-dist');
  fs.mkdirSync(path.join(fakeElectron, 'resources'), { recursive: true });
  fs.writeFileSync(path.join(fakeElectron, 'electron'), '#!/bin/sh\necho stand-in electron\n', { mode: 0o755 });
  fs.writeFileSync(path.join(fakeElectron, 'version'), '41.7.1');
  fs.rmSync(path.join(REPO_ROOT, 'dist'), { recursive: true, force: true });
  execFileSync('npm', ['run', '--silent', 'package:dir'], {
    cwd: REPO_ROOT,
    env: { ...process.env, ELECTRON_DIST: fakeElectron, CGB_FAKE_ELECTRON: '1' },
    stdio: 'pipe',
    timeout: 240_000,
  });
  files = asar.listPackage(appAsar, { isPack: false }).map((f) => f.replaceAll('\\', '/'));
}, 300_000);

afterAll(() => {
  host?.killGroup();
  fs.rmSync(tmp, { recursive: true, force: true });
});

const packages = () => new Set(files.flatMap((f) => /^\/node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(f)?.[1] ?? []));

test('the asar holds main, the server entry and its worker entries, preload and renderer; migrations and icon beside it; size reported', () => {
  for (const f of [
    '/out/main/index.js',
    '/out/main/server.js',
    '/out/main/restore.js',
    '/out/main/heavy-worker.js',
    '/out/main/cg-file-worker.js',
    '/out/preload/index.cjs',
    '/out/renderer/index.html',
    '/package.json',
  ])
    expect(files).toContain(f);
  const migrations = fs.readdirSync(path.join(resources, 'migrations'));
  expect(migrations.filter((m) => m.endsWith('.sql')).length).toBeGreaterThan(0);
  expect(migrations).toContain('meta');
  expect(fs.existsSync(path.join(resources, 'icon.png'))).toBe(true);
  const mb = (p: string) => (fs.statSync(p).size / 1024 / 1024).toFixed(1);
  console.log(`app.asar ${mb(appAsar)} MB, ${files.length} entries, ${packages().size} packages`);
});

test('only production dependencies, no googleapis beyond Sheets, no native sources; .node files unpacked', () => {
  const devDeps = Object.keys(
    (
      JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as {
        devDependencies: Record<string, string>;
      }
    ).devDependencies,
  );
  const inside = packages();
  expect(devDeps.filter((d) => inside.has(d))).toEqual([]);
  expect(inside.has('googleapis')).toBe(false);
  expect(inside.has('@googleapis/sheets')).toBe(true);
  expect(files.filter((f) => /better-sqlite3\/(src|deps)\//.test(f) || /\.(cc|c|h|gyp)$/.test(f))).toEqual([]);
  const natives = files.filter((f) => f.endsWith('.node'));
  expect(natives).toContain('/node_modules/better-sqlite3/build/Release/better_sqlite3.node');
  for (const n of natives) expect(fs.existsSync(path.join(`${appAsar}.unpacked`, n))).toBe(true);
});

test('electron-updater ships inside and finds resources/app-update.yml (its cache folder); the feed URL comes from the station', () => {
  expect(packages().has('electron-updater')).toBe(true);
  const yml = fs.readFileSync(path.join(resources, 'app-update.yml'), 'utf8');
  expect(yml).toMatch(/updaterCacheDirName: \S+/);
  expect(yml).toMatch(/provider: generic/);
});

test('the packaged layout (extracted asar) starts under the stand-in, serves /api/health and a login, and quits cleanly', async () => {
  const app = path.join(tmp, 'app');
  asar.extractAll(appAsar, app); // reads the unpacked .node files from app.asar.unpacked too
  host = startDesktopHost({
    main: path.join(app, 'out', 'main', 'index.js'),
    cwd: tmp,
    env: { CGB_STANDIN_PACKAGED: '1', CGB_STANDIN_RESOURCES: resources },
  });
  const { url } = await host.waitFor('loadURL');
  await waitHealthy(String(url));
  const fork = await host.waitFor('utilityProcess.fork');
  expect(String(fork.modulePath)).toBe(path.join(app, 'out', 'main', 'server.js'));
  const dialog = await host.waitFor('dialog.showMessageBox', (e) => JSON.stringify(e).includes('first run'));
  const { username, password } = firstRunCredentials((dialog.options as { detail: string }).detail);
  expect(await login(String(url), username, password)).toMatch(/\S{20,}/);
  process.kill(host.pid, 'SIGTERM');
  expect(await host.exited).toBe(0);
  await waitGone(fork.pid as number);
});
