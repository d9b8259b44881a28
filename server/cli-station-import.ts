import { configFromEnv } from './config';
import { ImportRefused } from './modules/station-export/import-archive';
import { runStationImport } from './modules/station-export/import-run';
import type { ImportResult } from './modules/station-export/import-station';

/**
 * `npm run station:import -- <archive.tar> [--name "<station name>"] [--username-suffix <text>]`
 * (issue 42, docs/station-export.md "Importing it"): imports one station export into the store this
 * server is configured for — the SQLite store in DATA_DIR, or PostgreSQL with DATABASE_URL — as a
 * new station. The server must be stopped. Prints the owners' one-time passwords once.
 */
const USAGE = 'Usage: npm run station:import -- <archive.tar> [--name "<station name>"] [--username-suffix <text>]';

function parseArgs(argv: string[]): { archive: string; name?: string; usernameSuffix?: string } {
  const values: Record<string, string> = {};
  const positional: string[] = [];
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i]!;
    if (arg === '--name' || arg === '--username-suffix') {
      const value = argv[i + 1];
      if (value === undefined || value.trim() === '') throw new ImportRefused(`${arg} needs a value. ${USAGE}`);
      values[arg] = value;
      i += 1;
    } else if (arg.startsWith('--')) throw new ImportRefused(`Unknown option ${arg}. ${USAGE}`);
    else positional.push(arg);
  }
  if (positional.length !== 1) throw new ImportRefused(USAGE);
  return { archive: positional[0]!, name: values['--name'], usernameSuffix: values['--username-suffix'] };
}

/** Where the store is, without the password of a connection string. */
const storeName = (dataDir: string, url: string | null) =>
  url ? `PostgreSQL ${url.replace(/\/\/([^:@/]+):[^@/]*@/, '//$1:***@')}` : `the SQLite store in ${dataDir}`;

function summary(result: ImportResult): string {
  const lines = [
    `Imported station "${result.name}" as station ${result.companyId}; its CG folder is ${result.cgOutputPath}.`,
    ...result.tables.map((t) => `  ${t.table}: ${t.imported} of ${t.rows} rows`),
  ];
  for (const l of result.leftOut) lines.push(`Left out: ${l.rows} ${l.table} rows (${l.reason}).`);
  for (const n of result.nulled)
    lines.push(`Set to none: ${n.reference} in ${n.rows} rows (the row it named is not in the archive).`);
  for (const r of result.renamed) lines.push(`Renamed user ${r.from} → ${r.to} (the name is taken on this server).`);
  if (result.demoted.length)
    lines.push(`Developer accounts made ordinary (this server has other stations): ${result.demoted.join(', ')}.`);
  lines.push(
    '',
    'Sign in as an owner with the password below (shown once), then set a new password for every user under Users:',
    ...result.ownerPasswords.map((o) => `  Username: ${o.username}   Password: ${o.password}`),
    '',
    'Then, as docs/station-export.md says:',
    `  - issue the station's API keys again (${result.apiKeysInactive} kept, inactive) and give them to the graphics PCs;`,
    '  - give OBS/vMix/CasparCG the new overlay address (Outputs), and the desktop apps the new update-feed address;',
    `  - turn the outputs on under Outputs once this server is the one on air (${result.outputsOff} turned off);`,
    '  - enter the Telegram bot token and the output passwords again, connect Google Sheets again, upload the installers again;',
    "  - start CG Bridge: it writes the station's CG files into its CG folder from the imported texts.",
  );
  return `${lines.join('\n')}\n`;
}

async function main(argv: string[]): Promise<void> {
  const args = parseArgs(argv);
  const config = configFromEnv();
  const say = (line: string) => process.stdout.write(`${line}\n`);
  say(`Importing ${args.archive} into ${storeName(config.dataDir, config.databaseUrl)}`);
  const { result } = await runStationImport(config, args.archive, { ...args, say });
  process.stdout.write(summary(result));
}

main(process.argv.slice(2)).catch((err: unknown) => {
  process.stderr.write(
    `${err instanceof ImportRefused ? 'Import refused' : 'Import failed, nothing was imported'}: ${err instanceof Error ? err.message : String(err)}\n`,
  );
  process.exit(1);
});
