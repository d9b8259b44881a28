import fs from 'node:fs';
import path from 'node:path';
import { CG_WRITABLE_TYPES } from '../../../shared/constants';
import { isOurTempName, writeFileAtomic } from './atomic-write';

/**
 * The list of files CG Bridge wrote in a CG folder, kept in the folder itself (issue 22 point 5):
 * moving away deletes exactly these, so another program's timer.txt or cg.json that shared the
 * folder is never removed. A name is added BEFORE its first write (a crash can only leave a
 * listed name without its file, never an unlisted file of ours).
 */
export const MANIFEST_NAME = '.cg-bridge-files.json';

/** Every name we may write: <type>.txt and cg.json. */
export const CG_FILE_NAMES: readonly string[] = [...CG_WRITABLE_TYPES.map((t) => `${t}.txt`), 'cg.json'];

interface ManifestFile {
  app: 'CG Bridge';
  files: string[];
}

const isManifest = (v: unknown): v is ManifestFile =>
  typeof v === 'object' &&
  v !== null &&
  Array.isArray((v as ManifestFile).files) &&
  (v as ManifestFile).files.every((f) => typeof f === 'string');

/** Our names in `folder`, or null when it has no (readable) manifest. Only names we can write count. */
export function readManifestSync(folder: string): Set<string> | null {
  try {
    const parsed: unknown = JSON.parse(fs.readFileSync(path.join(folder, MANIFEST_NAME), 'utf8'));
    return isManifest(parsed) ? new Set(parsed.files.filter((f) => CG_FILE_NAMES.includes(f))) : null;
  } catch {
    return null;
  }
}

export function writeManifest(folder: string, names: Iterable<string>): Promise<void> {
  const body: ManifestFile = { app: 'CG Bridge', files: [...names].sort() };
  return writeFileAtomic(path.join(folder, MANIFEST_NAME), JSON.stringify(body, null, 2));
}

/** Entries of `folder` that are not ours (not listed, not our manifest, not our temp files); [] if missing. */
export async function foreignEntries(folder: string): Promise<string[]> {
  const names = await fs.promises.readdir(folder).catch(() => [] as string[]);
  const ours = readManifestSync(folder) ?? new Set<string>();
  return names.filter((n) => n !== MANIFEST_NAME && !ours.has(n) && !isOurTempName(n)).sort();
}

/**
 * Removes the files we wrote in a folder we no longer use — the manifest's names — then the folder
 * if empty. Without a manifest nothing is ours, unless `legacy`: a company's own folder from before
 * manifests existed, which holds only names we wrote (it was that company's alone).
 */
export function removeOurFiles(folder: string, { legacy = false } = {}): void {
  const listed = readManifestSync(folder);
  const names = listed ?? new Set(legacy ? CG_FILE_NAMES : []);
  for (const name of names) fs.rmSync(path.join(folder, name), { force: true });
  for (const name of safeReaddir(folder)) if (isOurTempName(name)) fs.rmSync(path.join(folder, name), { force: true });
  fs.rmSync(path.join(folder, MANIFEST_NAME), { force: true });
  try {
    fs.rmdirSync(folder);
  } catch {
    // Not empty (an operator's own files) or already gone: leave it.
  }
}

function safeReaddir(folder: string): string[] {
  try {
    return fs.readdirSync(folder);
  } catch {
    return [];
  }
}
