// electron-builder beforePack hook: rebuild better-sqlite3 for Electron's ABI (it is per-ABI;
// argon2 is N-API and its prebuilt binary loads in Electron as is). Needs Electron's headers
// from electronjs.org, so a machine without the internet skips it, says so loudly, and the
// package it makes is for layout checks only: Electron would refuse its better-sqlite3.
// Note: this rebuilds node_modules in place; run `npm rebuild better-sqlite3` before running the
// Node test suite on the same checkout again.
import fs from 'node:fs';
import path from 'node:path';
import { Arch } from 'electron-builder';

const HEADERS = (v) => `https://www.electronjs.org/headers/v${v}/node-v${v}-headers.tar.gz`;

async function reachable(url) {
  try {
    const res = await fetch(url, { method: 'HEAD', signal: AbortSignal.timeout(5_000) });
    return res.ok;
  } catch {
    return false;
  }
}

function skip(reason) {
  const line = '!'.repeat(78);
  console.warn(
    `\n${line}\n  Native modules NOT rebuilt for Electron: ${reason}.\n  This package is for layout checks only: do not ship it (docs/release.md).\n${line}\n`,
  );
}

export default async function beforePack(context) {
  const projectDir = context.packager.projectDir;
  const electronVersion =
    context.packager.config.electronVersion ??
    JSON.parse(fs.readFileSync(path.join(projectDir, 'node_modules/electron/package.json'), 'utf8')).version;
  if (process.env.CGB_FAKE_ELECTRON === '1') return skip('CGB_FAKE_ELECTRON=1 (a stand-in Electron folder)');
  if (!(await reachable(HEADERS(electronVersion)))) {
    if (process.env.CI)
      throw new Error(`Electron ${electronVersion} headers unreachable: cannot rebuild better-sqlite3 for Electron`);
    return skip(`Electron ${electronVersion} headers are unreachable (offline)`);
  }
  // npm's nodedir (set on the dev machines) would make node-gyp use Node's headers instead.
  delete process.env.npm_config_nodedir;
  const { rebuild } = await import('@electron/rebuild');
  const arch = Arch[context.arch];
  console.log(
    `  • rebuilding better-sqlite3 for Electron ${electronVersion} (${context.electronPlatformName}-${arch})`,
  );
  await rebuild({ buildPath: projectDir, electronVersion, arch, onlyModules: ['better-sqlite3'], force: true });
}
