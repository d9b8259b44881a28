import { sql } from 'drizzle-orm';
import type { DbOrTx } from './client';

/**
 * Runs `run` (which commits a transaction) with synchronous = NORMAL, then puts the connection back
 * to FULL before anything else can use it. A FULL commit fsyncs the WAL on the event loop (~3–15 ms
 * here, more than a slice's own work); long jobs commit their slices this way and end with one
 * FULL commit (their activity entry), whose fsync makes every earlier slice durable before the
 * answer. SQLite refuses to change the setting inside a transaction, hence around it.
 */
export function commitWithoutFsync<T>(db: DbOrTx, run: () => T): T {
  db.run(sql.raw('PRAGMA synchronous = NORMAL'));
  try {
    return run();
  } finally {
    db.run(sql.raw('PRAGMA synchronous = FULL'));
  }
}
