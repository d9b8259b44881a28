import fs from 'node:fs';
import path from 'node:path';
import { DEFAULT_CG_OUTPUT_PATH } from '../../../shared/constants';
import { removeOurFiles } from '../../integrations/cg-writer/cg-manifest';
import { FS_PROBE_TIMEOUT_MS, makeFolder, withTimeout } from './cg-folder-rules';
import { overlap, realPathOf, type Platform } from './real-path';

/**
 * Where a company's CG files go by default. The first station keeps ./cg_output; later stations
 * get SIBLING folders (./cg_output-company-<id>), never folders inside it: a graphics PC pointed
 * at one station's folder must not be able to read another station's on-air text.
 */
export function defaultCgOutputPath(companyId: number, isFirst: boolean): string {
  return isFirst ? DEFAULT_CG_OUTPUT_PATH : `${DEFAULT_CG_OUTPUT_PATH}-company-${companyId}`;
}

/**
 * A new station's default folder that no other station uses (an earlier station may have moved
 * its files to exactly ./cg_output-company-<id> in Settings): -2, -3, … until free.
 */
export function freeDefaultCgOutputPath(
  companyId: number,
  resolve: (p: string) => string,
  otherPaths: string[],
): string {
  const others = otherPaths.map(resolve);
  const base = defaultCgOutputPath(companyId, false);
  for (let n = 1; ; n += 1) {
    const candidate = n === 1 ? base : `${base}-${n}`;
    if (!cgFolderClash(resolve(candidate), others)) return candidate;
  }
}

/** The nested default of earlier versions, moved at start (see moveNestedDefault). */
export const legacyNestedPath = (companyId: number) => `${DEFAULT_CG_OUTPUT_PATH}/company-${companyId}`;

const CLASH_MESSAGES = {
  same: 'This CG folder is already used by another company',
  inside: "This CG folder is inside another company's CG folder",
  contains: "This CG folder contains another company's CG folder",
} as const;

/**
 * Why `candidate` overlaps one of `otherFolders` (shared, nested either way), or null. Pure: the
 * paths are compared as given, in `platform`'s rules (Windows ignores case: C:\CG is c:\cg).
 */
export function foldersClash(
  candidate: string,
  otherFolders: string[],
  platform: Platform = process.platform,
): string | null {
  for (const other of otherFolders) {
    const how = overlap(candidate, other, platform);
    if (how) return CLASH_MESSAGES[how];
  }
  return null;
}

/**
 * Why `candidate` cannot be a company's CG folder given the other companies' folders (all
 * absolute), or null when it can. Compared by REAL path: a symlink or /proc/self/root/… naming
 * another station's folder is that folder (issue 22).
 */
export function cgFolderClash(candidate: string, otherFolders: string[]): string | null {
  return foldersClash(
    realPathOf(candidate),
    otherFolders.map((f) => realPathOf(f)),
  );
}

/**
 * Removes the files we wrote in a company's former folder (its manifest's names), then the folder
 * if empty. A former folder without a manifest predates them: every CG name there is ours.
 */
export function removeOurCgFiles(folder: string): void {
  removeOurFiles(folder, { legacy: true });
}

/**
 * Why `folder` (absolute) cannot hold CG files, or null when it can: it must be a local folder we
 * can create and write. Network shares are refused by form (\\server\share, //server/share): a
 * graphics program freezes when a share vanishes mid-show (docs/design-rules.md §4). The probe is a real
 * write + remove, so a read-only folder is found now, not on air.
 */
export async function cgFolderProblem(folder: string, asEntered = folder): Promise<string | null> {
  const share = networkShareProblem(folder, asEntered);
  if (share) return share;
  try {
    // Bounded: a probe that never answers (a dead network mount, /proc) must not hang the save.
    return await withTimeout(
      probe(folder),
      `The CG output folder did not answer within ${FS_PROBE_TIMEOUT_MS / 1000} s: ${folder}`,
    );
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code ?? 'error';
    if (code === 'ETIMEDOUT') return (err as Error).message;
    return `The CG output folder cannot be created or written (${code}): ${folder}`;
  }
}

/** Checked on the text as entered too: on Linux path.resolve turns \\server\share into a local name. */
export function networkShareProblem(folder: string, asEntered = folder): string | null {
  return [folder, asEntered].some((p) => /^(\\\\|\/\/)/.test(p))
    ? 'The CG output path must be a local folder, not a network share'
    : null;
}

/**
 * A drive path (C:\…) on a server that is not Windows: path.resolve makes it a folder literally
 * named "C:\…" in the base directory — never what the operator meant. (On Windows the folder
 * rules judge it like any other path.)
 */
export function foreignDrivePathProblem(
  asEntered: string,
  platform: NodeJS.Platform = process.platform,
): string | null {
  if (platform === 'win32' || !/^[A-Za-z]:([\\/]|$)/.test(asEntered.trim())) return null;
  return 'The CG output path is a Windows path, but this server does not run on Windows: enter a folder of this machine';
}

async function probe(folder: string): Promise<string | null> {
  const stat = await fs.promises.stat(folder).catch(() => null);
  if (stat && !stat.isDirectory()) return 'The CG output path points at a file, not a folder';
  await makeFolder(folder);
  const file = path.join(folder, `.cgb-probe-${process.pid}-${Date.now()}.tmp`);
  await fs.promises.writeFile(file, '');
  await fs.promises.rm(file, { force: true });
  return null;
}
