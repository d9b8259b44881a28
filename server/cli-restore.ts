import readline from 'node:readline/promises';
import { configFromEnv } from './config';
import { checkBackup, restoreBackup, RestoreRefused, type RestorePlan } from './modules/backups/restore';
import { APP_VERSION } from './version';

/**
 * `npm run restore -- <backup file or name> [--station "<host station name>"]` (issue 41): for
 * when the app cannot start, or on a new PC. The server must be stopped. Shows the backup's date,
 * stations and counts, asks for the host station's name as confirmation (or takes --station),
 * backs up the current store, swaps the file; the next start runs migrations forward.
 */
async function main(argv: string[]): Promise<void> {
  const stationAt = argv.indexOf('--station');
  const typed = stationAt >= 0 ? argv[stationAt + 1] : undefined;
  const given = argv.find((a, i) => !a.startsWith('--') && (stationAt < 0 || i !== stationAt + 1));
  if (!given) throw new RestoreRefused('Usage: npm run restore -- <backup file or name> [--station "<station name>"]');
  const config = configFromEnv();
  const plan: RestorePlan = {
    dataDir: config.dataDir,
    migrationsDir: config.migrationsDir,
    backup: given,
    appVersion: APP_VERSION,
    now: new Date(),
  };
  const { file, copy, checked } = await checkBackup(plan);
  const host = checked.stations[0] ?? '';
  const counts = Object.entries(checked.counts)
    .filter(([t]) => !t.startsWith('__'))
    .map(([t, n]) => `${t} ${n}`)
    .join(', ');
  process.stdout.write(
    `Backup: ${file}\nStations: ${checked.stations.join(', ')}\nRows: ${counts}\nIntegrity: ${checked.integrity}\n`,
  );
  const answer = typed ?? (await ask(`Type the station name "${host}" to restore it over ${config.dataDir}: `));
  if (answer.trim() !== host) throw new RestoreRefused('The station name did not match: nothing was restored');
  const { safetyBackup } = await restoreBackup(plan, copy);
  process.stdout.write(
    `Restored. The store as it was is kept as ${safetyBackup ?? '(there was none)'}.\nStart CG Bridge: it brings the restored store up to this version.\n`,
  );
}

async function ask(question: string): Promise<string> {
  const rl = readline.createInterface({ input: process.stdin, output: process.stdout });
  try {
    return await rl.question(question);
  } finally {
    rl.close();
  }
}

main(process.argv.slice(2)).catch((err: unknown) => {
  process.stderr.write(`Restore refused: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
