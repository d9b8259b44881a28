import fs from 'node:fs';
import path from 'node:path';
import { CG_WRITABLE_TYPES, DEFAULT_CG_OUTPUT_PATH } from '../../../shared/constants';

/**
 * Where a company's CG files go by default. The first station keeps ./cg_output; later stations
 * get SIBLING folders (./cg_output-company-<id>), never folders inside it: a graphics PC pointed
 * at one station's folder must not be able to read another station's on-air text.
 */
export function defaultCgOutputPath(companyId: number, isFirst: boolean): string {
  return isFirst ? DEFAULT_CG_OUTPUT_PATH : `${DEFAULT_CG_OUTPUT_PATH}-company-${companyId}`;
}

/** The nested default of earlier versions, moved at start (see moveNestedDefault). */
export const legacyNestedPath = (companyId: number) => `${DEFAULT_CG_OUTPUT_PATH}/company-${companyId}`;

const inside = (child: string, parent: string) => {
  const rel = path.relative(parent, child);
  return rel !== '' && !rel.startsWith('..') && !path.isAbsolute(rel);
};

/**
 * Why `candidate` cannot be a company's CG folder given the other companies' folders (all
 * resolved against the same base), or null when it can. Shared, nested either way: refused.
 */
export function cgFolderClash(candidate: string, otherFolders: string[]): string | null {
  const mine = path.resolve(candidate);
  for (const other of otherFolders.map((f) => path.resolve(f))) {
    if (mine === other) return 'This CG folder is already used by another company';
    if (inside(mine, other)) return "This CG folder is inside another company's CG folder";
    if (inside(other, mine)) return "This CG folder contains another company's CG folder";
  }
  return null;
}

/** Removes the files we wrote in a folder we no longer use (our names only), then the folder if empty. */
export function removeOurCgFiles(folder: string): void {
  for (const name of [...CG_WRITABLE_TYPES.map((t) => `${t}.txt`), 'cg.json']) fs.rmSync(path.join(folder, name), { force: true });
  try {
    fs.rmdirSync(folder);
  } catch {
    // Not empty (an operator's own files) or already gone: leave it.
  }
}
