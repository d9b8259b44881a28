import fs from 'node:fs';
import type { RestoreStarted } from '../../../shared/contracts/backups';
import { badRequest, conflict } from '../../lib/errors';
import { checkBackup, RestoreRefused, type RestorePlan } from './restore';

/** What startServer does with an accepted restore: answer, tell every client, restart on the backup. */
export type RestoreInPlace = (request: { plan: RestorePlan; copy: string; started: RestoreStarted }) => void;

interface Restorable {
  restoring: boolean;
}

/**
 * The checks of a restore from the page, the command line's own (integrity, manifest, not from a
 * newer version), plus the typed host station name. One restore at a time: the flag is taken
 * before the first await, so of two owners clicking at once one gets 409. A refusal leaves the
 * server as it was (the flag is given back, the checked copy removed).
 */
export async function checkRestore(service: Restorable, plan: RestorePlan, typedStation: string): Promise<string> {
  if (service.restoring) throw conflict('A restore is already under way');
  service.restoring = true;
  let copy: string | null = null;
  try {
    const checked = await checkBackup(plan);
    copy = checked.copy;
    const host = checked.checked.stations[0] ?? '';
    if (typedStation.trim() !== host)
      throw badRequest(`Type the station name "${host}" exactly to confirm: nothing was restored`);
    return copy;
  } catch (err) {
    service.restoring = false;
    if (copy) fs.rmSync(copy, { force: true });
    if (err instanceof RestoreRefused) throw conflict(err.message);
    throw err;
  }
}
