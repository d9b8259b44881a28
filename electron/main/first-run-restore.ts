import fs from 'node:fs';
import path from 'node:path';
import { dialog, utilityProcess } from 'electron';
import { DB_FILE } from '../../server/db/store-file';
import {
  DESKTOP_RESTORE_ENV,
  isRestoreReport,
  type CheckedBackup,
  type DesktopRestoreOptions,
  type RestoreAnswer,
  type RestoreReport,
} from '../../server/desktop-restore-protocol';
import type { RotatingLog } from './rotating-log';

/**
 * The desktop app's first-run screen (issue 41): on a PC with no station yet, the operator starts
 * a new station or restores one from a backup — a new MCR PC replacing a lost one. The backup is
 * checked and swapped in by a process of its own (server/desktop-restore-entry.ts) before the
 * server starts; the server then migrates it forward and serves it. No typed station name here:
 * there is no current store to lose (docs/decisions.md, "Issue 41 — the desktop first-run restore").
 */
export interface FirstRunDeps {
  dataDir: string;
  migrationsDir: string;
  restoreEntry: string;
  log: RotatingLog;
}

const TITLE = 'CG Bridge';
const WELCOME_BUTTONS = ['Start a new station', 'Restore from a backup'] as const;

/** A PC whose data folder holds no store has no station yet. */
export const hasStation = (dataDir: string) => fs.existsSync(path.join(dataDir, DB_FILE));

/** Asks until the operator starts a new station or a backup has been restored. */
export async function firstRunChoice(deps: FirstRunDeps): Promise<'new' | 'restored'> {
  for (;;) {
    const { response } = await dialog.showMessageBox({
      type: 'question',
      title: `${TITLE} — welcome`,
      message: 'This PC has no CG Bridge station yet',
      detail:
        'Start a new station, or restore one from a backup: a .sqlite file from Settings → Backups, its off-PC folder, or a copy of an old PC’s data/backups folder.',
      buttons: [...WELCOME_BUTTONS],
      defaultId: 0,
      cancelId: 0,
      noLink: true,
    });
    if (response !== 1) return 'new';
    const picked = await dialog.showOpenDialog({
      title: 'Restore from a backup',
      properties: ['openFile'],
      filters: [
        { name: 'CG Bridge backups', extensions: ['sqlite'] },
        { name: 'All files', extensions: ['*'] },
      ],
    });
    const backup = picked.canceled ? undefined : picked.filePaths[0];
    if (backup && (await restoreFrom(backup, deps))) return 'restored';
  }
}

/** Checks the backup, shows what it holds, restores on the operator's yes. True when restored. */
async function restoreFrom(backup: string, deps: FirstRunDeps): Promise<boolean> {
  const options: DesktopRestoreOptions = { dataDir: deps.dataDir, migrationsDir: deps.migrationsDir, backup };
  const env = { ...process.env, [DESKTOP_RESTORE_ENV]: JSON.stringify(options) };
  const child = utilityProcess.fork(deps.restoreEntry, [], { env, stdio: 'pipe', serviceName: 'CG Bridge restore' });
  child.stdout?.on('data', (chunk: Buffer) => deps.log.write(chunk));
  child.stderr?.on('data', (chunk: Buffer) => deps.log.write(chunk));
  const answer = (a: RestoreAnswer) => child.postMessage(a);
  const outcome = await new Promise<RestoreReport>((resolve) => {
    child.on('message', (message: unknown) => {
      if (!isRestoreReport(message)) return;
      if (message.type !== 'restore-checked') return resolve(message);
      void confirm(message).then((yes) => answer({ type: yes ? 'restore-confirm' : 'restore-cancel' }));
    });
    child.on('exit', (code: number) =>
      resolve({
        type: 'restore-refused',
        message: `The restore stopped before it finished (exit code ${code}). Nothing was restored.`,
      }),
    );
  });
  deps.log.line('INFO', `first-run restore of ${backup}: ${outcome.type}`);
  if (outcome.type === 'restore-refused') dialog.showErrorBox(`${TITLE} — restore refused`, outcome.message);
  return outcome.type === 'restore-done';
}

async function confirm(backup: CheckedBackup): Promise<boolean> {
  const { response } = await dialog.showMessageBox({
    type: 'warning',
    title: `${TITLE} — restore from a backup`,
    message: `Restore ${backup.stations.join(', ') || 'this backup'} as it was on ${new Date(backup.takenAt).toLocaleString()}?`,
    detail: `${restoreSummary(backup)}\n\nAfter the restore, sign in with a user and password of the restored station.`,
    buttons: ['Restore', 'Cancel'],
    defaultId: 1,
    cancelId: 1,
    noLink: true,
  });
  return response === 0;
}

/** The backup's file, stations and row counts, as the operator checks them before saying yes. */
function restoreSummary(backup: CheckedBackup): string {
  const rows = Object.entries(backup.counts)
    .filter(([, n]) => n > 0)
    .map(([table, n]) => `${table} ${n}`)
    .join(', ');
  return `Backup: ${backup.file}\nStations: ${backup.stations.join(', ') || '(none)'}\nRows: ${rows || '(none)'}`;
}
