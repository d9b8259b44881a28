import fs from 'node:fs';
import path from 'node:path';
import { REPO_ROOT, type ServerConfig } from '../../config';
import { comparable, isInside, realPathOf, type Platform } from './real-path';
import { LATE, orLate } from '../../lib/time-limit';

/**
 * Folders no station's on-air files may go into (issue 22): the operating system's, the app's
 * own (program, web UI, data). Checked on the REAL path (real-path.ts), so /proc/self/root/etc
 * is /etc.
 */

interface SystemFolders {
  /** Neither the folder nor anything inside it. */
  trees: string[];
  /** The folder itself (it holds everyone's folders), but a new folder inside it is fine. */
  exact: string[];
}

const POSIX: SystemFolders = {
  trees: [
    '/etc',
    '/usr',
    '/bin',
    '/sbin',
    '/lib',
    '/lib32',
    '/lib64',
    '/libx32',
    '/boot',
    '/proc',
    '/sys',
    '/dev',
    '/run',
    '/var/lib',
    '/var/log',
    '/var/run',
    '/snap',
    '/System',
    '/Library',
    '/private/etc',
    '/private/var/db',
  ],
  exact: [
    '/',
    '/var',
    '/home',
    '/root',
    '/opt',
    '/srv',
    '/mnt',
    '/media',
    '/tmp',
    '/Users',
    '/Applications',
    '/private',
    '/private/var',
    '/private/tmp',
  ],
};

/** Windows names its system folders in the environment; the usual defaults when a variable is missing. */
function windowsFolders(env: NodeJS.ProcessEnv): SystemFolders {
  const drive = env.SystemDrive ?? 'C:';
  const trees = [
    env.SystemRoot ?? `${drive}\\Windows`,
    env.ProgramFiles ?? `${drive}\\Program Files`,
    env['ProgramFiles(x86)'] ?? `${drive}\\Program Files (x86)`,
    env.ProgramW6432 ?? `${drive}\\Program Files`,
  ];
  return { trees, exact: [`${drive}\\Users`, env.ProgramData ?? `${drive}\\ProgramData`] };
}

/** A drive root (C:\) or the file-system root: it holds everything. */
const isRoot = (p: string, platform: Platform) =>
  (platform === 'win32' ? path.win32.parse(path.win32.resolve(p)).root : '/') ===
  (platform === 'win32' ? path.win32.resolve(p) : path.posix.resolve(p));

/**
 * Why `real` (a real path) is a system folder, or null. `platform`/`env` are parameters so the
 * Windows rules are unit-tested here; on the running platform the listed folders are resolved
 * too (/bin is /usr/bin on merged-usr systems, /etc is /private/etc on macOS).
 */
export function systemFolderProblem(
  real: string,
  platform: Platform = process.platform,
  env: NodeJS.ProcessEnv = process.env,
): string | null {
  const { trees, exact } = platform === 'win32' ? windowsFolders(env) : POSIX;
  const here = platform === process.platform;
  const withReal = (list: string[]) => (here ? [...new Set([...list, ...list.map((p) => realPathOf(p))])] : list);
  const same = (a: string, b: string) => comparable(a, platform) === comparable(b, platform);
  const hit =
    isRoot(real, platform) ||
    withReal(trees).some((t) => same(real, t) || isInside(real, t, platform)) ||
    withReal(exact).some((e) => same(real, e));
  return hit ? `The CG output folder cannot be a system folder (${real})` : null;
}

/** The app's code folders below its root; a new folder of its own beside them (./cg_output) is fine. */
const CODE_FOLDERS = [
  'out',
  'node_modules',
  'server',
  'shared',
  'renderer',
  'electron',
  'scripts',
  'e2e',
  'docs',
  'bench',
  'resources',
  'build',
  'dist',
  'release',
  '.git',
];

/** The app's own folders: never, inside (trees), or containing (root) a CG folder. */
export function appFolders(config: Pick<ServerConfig, 'webDir' | 'migrationsDir'>): {
  trees: string[];
  roots: string[];
} {
  const trees = [
    ...CODE_FOLDERS.map((f) => path.join(REPO_ROOT, f)),
    config.migrationsDir,
    path.dirname(process.execPath),
  ];
  if (config.webDir) trees.push(config.webDir);
  // Electron: the packaged app's resources (app.asar, migrations) live here.
  const resources = (process as { resourcesPath?: string }).resourcesPath;
  if (resources) trees.push(resources);
  return { trees, roots: [REPO_ROOT, ...trees] };
}

export function appFolderProblem(real: string, folders: { trees: string[]; roots: string[] }): string | null {
  const reals = (list: string[]) => list.map((p) => realPathOf(p));
  const same = (a: string, b: string) => comparable(a) === comparable(b);
  const hit =
    reals(folders.trees).some((t) => isInside(real, t)) ||
    reals(folders.roots).some((r) => same(real, r) || isInside(r, real));
  return hit ? "The CG output folder cannot be, contain or sit inside the app's own folders (program, web UI)" : null;
}

/** A file-system call that may never answer (network mounts, /proc oddities) gets this long. */
export const FS_PROBE_TIMEOUT_MS = 3000;

/** Rejects with `message` when `work` has not settled in time (the call itself cannot be stopped). */
export async function withTimeout<T>(work: Promise<T>, message: string, ms = FS_PROBE_TIMEOUT_MS): Promise<T> {
  const outcome = await orLate(work, ms);
  if (outcome === LATE) throw Object.assign(new Error(message), { code: 'ETIMEDOUT' });
  return outcome;
}

/**
 * Creates `folder` one level at a time from its nearest existing ancestor. Not
 * `mkdir({ recursive: true })`: under /proc that call spins a thread-pool thread forever
 * (issue 22 point 8 — the save never answered and a core stayed busy).
 */
export async function makeFolder(folder: string): Promise<void> {
  const missing: string[] = [];
  let current = path.resolve(folder);
  while (!(await exists(current))) {
    const parent = path.dirname(current);
    if (parent === current) break;
    missing.unshift(current);
    current = parent;
  }
  for (const dir of missing) {
    await fs.promises.mkdir(dir).catch((err: NodeJS.ErrnoException) => {
      if (err.code !== 'EEXIST') throw err;
    });
  }
}

const exists = (p: string) =>
  fs.promises.lstat(p).then(
    () => true,
    () => false,
  );
