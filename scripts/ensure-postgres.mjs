// The PostgreSQL store's tests start a throwaway cluster from Debian's `postgresql` package
// (server/test/pg-cluster.ts; never the system service). On a fresh machine install it when we are
// root; otherwise stop with the one command that fixes it.
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const BASE = '/usr/lib/postgresql';

export function postgresInstalled() {
  if (process.env.PG_BIN) return fs.existsSync(path.join(process.env.PG_BIN, 'initdb'));
  return fs.existsSync(BASE) && fs.readdirSync(BASE).some((v) => fs.existsSync(path.join(BASE, v, 'bin', 'initdb')));
}

export function ensurePostgres() {
  if (postgresInstalled()) return;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot) {
    console.error(
      'PostgreSQL is missing. Install it: sudo apt-get update && sudo apt-get install -y postgresql (or set PG_BIN to the folder of initdb and pg_ctl)',
    );
    process.exit(1);
  }
  console.log('Installing PostgreSQL for the PostgreSQL store tests (apt-get)...');
  execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql', {
    stdio: 'inherit',
  });
}

if (import.meta.url === `file://${process.argv[1]}`) ensurePostgres();
