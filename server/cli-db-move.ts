import { configFromEnv } from './config';
import { moveToPostgres, MoveRefused } from './db/move/move-to-postgres';

/**
 * `npm run db:move -- --to postgres://user:password@host:5432/cgbridge` (issue 42): copies this
 * station's whole SQLite store (DATA_DIR, as `npm start` uses it) into an EMPTY PostgreSQL
 * database and checks every table's rows and SHA-256 on both sides. The server must be stopped;
 * the SQLite file is never changed. docs/postgresql.md says what comes next.
 */
async function main(argv: string[]): Promise<void> {
  const at = argv.indexOf('--to');
  const to = at >= 0 ? argv[at + 1] : undefined;
  if (!to || !/^postgres(ql)?:\/\//.test(to))
    throw new MoveRefused('Usage: npm run db:move -- --to postgres://user:password@host:5432/database');
  const config = configFromEnv();
  const say = (line: string) => process.stdout.write(`${line}\n`);
  say(`Moving the station in ${config.dataDir} to ${to.replace(/\/\/([^:@/]+):[^@/]*@/, '//$1:***@')}`);
  const { tables, ms } = await moveToPostgres({
    dataDir: config.dataDir,
    migrationsDir: config.migrationsDir,
    to,
    say,
  });
  const rows = tables.reduce((n, t) => n + t.rows, 0);
  say(`Moved ${rows} rows in ${tables.length} tables in ${(ms / 1000).toFixed(1)} s. The SQLite store is unchanged.`);
}

main(process.argv.slice(2)).catch((err: unknown) => {
  process.stderr.write(
    `${err instanceof MoveRefused ? 'Move refused' : 'Move failed'}: ${err instanceof Error ? err.message : String(err)}\n`,
  );
  process.exit(1);
});
