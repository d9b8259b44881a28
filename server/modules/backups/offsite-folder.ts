import path from 'node:path';
import type { ServerConfig } from '../../config';
import { badRequest } from '../../lib/errors';
import { appFolderProblem, appFolders, systemFolderProblem } from '../cg-files/cg-folder-rules';
import { cgFolderClash } from '../cg-files/cg-folders';
import { probeFolder } from './offsite-io';

const refuse = (message: string) => badRequest(message, [{ path: 'offsiteFolder', message }]);

/** A UNC share (\\server\share) is what a station on Windows enters for a second PC or a NAS. */
const isUnc = (p: string) => /^\\\\[^\\]+\\[^\\]+/.test(p);

/**
 * Checks the off-PC backup folder as the CG folder is checked (issue 22) — absolute, not a system
 * folder, not the app's own folders, not the data folder (the local backups are already there) —
 * and then by a real write within a time limit, on a thread of its own. Unlike a CG folder, a
 * network share is what this folder is for. Returns the folder as it will be used.
 */
export async function checkOffsiteFolder(
  asEntered: string,
  config: Pick<ServerConfig, 'dataDir' | 'webDir' | 'migrationsDir'>,
): Promise<string> {
  const unc = process.platform === 'win32' && isUnc(asEntered);
  if (!unc && !path.isAbsolute(asEntered))
    throw refuse(
      'The off-PC backup folder must be a full path (for example D:\\Backups, \\\\nas\\cg-bridge or /mnt/backup)',
    );
  if (process.platform !== 'win32' && /^[A-Za-z]:([\\/]|$)|^\\\\/.test(asEntered)) {
    throw refuse(
      'The off-PC backup folder is a Windows path, but this server does not run on Windows: enter a mounted folder of this machine',
    );
  }
  const folder = unc ? asEntered : path.resolve(asEntered);
  // Judged as entered first (no disk access), then on its real path once the probe has it.
  const judge = (p: string) =>
    (systemFolderProblem(p) ? `The off-PC backup folder cannot be a system folder (${p})` : null) ??
    (cgFolderClash(p, [config.dataDir])
      ? "The off-PC backup folder cannot be, contain or sit inside the app's data folder: it must be on another disk or PC"
      : null) ??
    (appFolderProblem(p, appFolders(config))
      ? "The off-PC backup folder cannot be, contain or sit inside the app's own folders"
      : null);
  const early = unc ? null : judge(folder);
  if (early) throw refuse(early);
  const probed = await probeFolder(folder);
  if (!probed.ok) throw refuse(probed.message);
  const late = unc ? null : judge(probed.real);
  if (late) throw refuse(late);
  return folder;
}
