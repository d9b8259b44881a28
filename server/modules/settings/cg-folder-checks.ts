import path from 'node:path';
import { FOREIGN_FILES_SHOWN, type ForeignFolderError } from '../../../shared/contracts/settings';
import type { ServerConfig } from '../../config';
import { foreignEntries } from '../../integrations/cg-writer/cg-manifest';
import { badRequest, HttpError } from '../../lib/errors';
import { appFolderProblem, appFolders, systemFolderProblem, withTimeout } from '../cg-files/cg-folder-rules';
import { cgFolderClash, cgFolderProblem, foreignDrivePathProblem, networkShareProblem } from '../cg-files/cg-folders';
import { overlap, realPathOf } from '../cg-files/real-path';

/** 409 with the files we did not write; the route answers it with those fields (ForeignFolderError). */
export class ForeignFolderHttpError extends HttpError {
  constructor(readonly body: ForeignFolderError) {
    super(409, body.message);
  }
}

const refuse = (message: string) => badRequest(message, [{ path: 'cgOutputPath', message }]);

/**
 * The checks that need no disk write, on the folder's REAL path (issue 22): not a system folder,
 * not the app's own folders or its data folder, not another station's folder. Run before the move
 * and again inside the move queue (`otherFolders` read at that moment). Returns the message.
 */
export function cgFolderRefusal(
  to: string,
  otherFolders: string[],
  config: Pick<ServerConfig, 'dataDir' | 'webDir' | 'migrationsDir'>,
): string | null {
  const real = realPathOf(to);
  const taken = systemFolderProblem(real) ?? cgFolderClash(real, otherFolders);
  if (taken) return taken;
  // The data folder holds the database and uploaded installers: never a place for CG files (and
  // a later move would delete files by our names there).
  if (cgFolderClash(real, [config.dataDir]))
    return "The CG output folder cannot be, contain or sit inside the app's data folder (the database lives there)";
  return appFolderProblem(real, appFolders(config));
}

/** Every check before a move; throws the 400 / 409 the caller answers. */
export async function checkNewCgFolder(
  to: string,
  asEntered: string,
  opts: { otherFolders: string[]; config: ServerConfig; current: string; confirmed: boolean },
): Promise<void> {
  // Network shares first, by the text entered: realpath of \\server\share would mean nothing here.
  const share = networkShareProblem(to, asEntered) ?? foreignDrivePathProblem(asEntered);
  if (share) throw refuse(share);
  const refusal = cgFolderRefusal(to, opts.otherFolders, opts.config);
  if (refusal) throw refuse(refusal);
  const problem = await cgFolderProblem(to, asEntered);
  if (problem) throw refuse(problem);
  if (opts.confirmed || overlap(realPathOf(to), realPathOf(opts.current)) === 'same') return;
  const foreign = await withTimeout(foreignEntries(to), `The CG output folder did not answer: ${to}`).catch(
    (err: Error) => {
      throw refuse(err.message);
    },
  );
  if (!foreign.length) return;
  const shown = foreign.slice(0, FOREIGN_FILES_SHOWN);
  const more = foreign.length > shown.length ? ` and ${foreign.length - shown.length} more` : '';
  throw new ForeignFolderHttpError({
    message:
      `${path.resolve(to)} already holds ${foreign.length} ${foreign.length === 1 ? 'file' : 'files'} that CG Bridge did not write ` +
      `(${shown.join(', ')}${more}). Files with CG names (such as headline.txt or cg.json) would be overwritten; ` +
      'the others are left alone and never deleted. Confirm to use this folder anyway.',
    foreignFiles: shown,
    foreignFileCount: foreign.length,
  });
}
