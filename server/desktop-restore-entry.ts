import fs from 'node:fs';
import { z } from 'zod';
import { DESKTOP_RESTORE_ENV, type RestoreAnswer, type RestoreReport } from './desktop-restore-protocol';
import { parentChannel } from './lib/parent-channel';
import { readManifest } from './modules/backups/backup-engine';
import { checkBackup, restoreBackup, type RestorePlan } from './modules/backups/restore';
import { APP_VERSION } from './version';

/**
 * The desktop app's "Restore from a backup" on a PC whose server has not started (issue 41): the
 * same checks and swap as `npm run restore`, run in a process of its own that the host starts
 * before the server. It reports the checked backup, waits for the operator's answer, restores
 * (the current store, if any, is backed up first) and exits; the host then starts the server,
 * which brings the restored store up to this version.
 */
const optionsSchema = z.object({
  dataDir: z.string().min(1),
  migrationsDir: z.string().min(1),
  backup: z.string().min(1),
});

const channel = parentChannel<RestoreAnswer, RestoreReport>();
if (!channel) throw new Error('server/desktop-restore-entry must be started by the desktop host');
const host = channel;
host.onParentGone(() => process.exit(1));

function finish(report: RestoreReport, code: number): void {
  host.post(report);
  // Let the IPC message leave before the process ends.
  setImmediate(() => process.exit(code));
}

const answer = () => new Promise<RestoreAnswer>((resolve) => host.onMessage(resolve));

async function main(): Promise<void> {
  const options = optionsSchema.parse(JSON.parse(process.env[DESKTOP_RESTORE_ENV] ?? 'null'));
  fs.mkdirSync(options.dataDir, { recursive: true });
  const plan: RestorePlan = {
    ...options,
    appVersion: APP_VERSION,
    now: new Date(),
    how: 'the desktop app’s first-run screen',
  };
  const { file, copy, checked } = await checkBackup(plan);
  const takenAt = readManifest(file)?.createdAt ?? fs.statSync(file).mtime.toISOString();
  const counts = Object.fromEntries(Object.entries(checked.counts).filter(([table]) => !table.startsWith('__')));
  host.post({ type: 'restore-checked', file, takenAt, stations: checked.stations, counts });
  if ((await answer()).type !== 'restore-confirm') {
    fs.rmSync(copy, { force: true });
    return finish({ type: 'restore-cancelled' }, 0);
  }
  const { safetyBackup } = await restoreBackup({ ...plan, now: new Date() }, copy);
  finish({ type: 'restore-done', safetyBackup }, 0);
}

main().catch((err: unknown) =>
  finish({ type: 'restore-refused', message: err instanceof Error ? err.message : String(err) }, 1),
);
