import type { ServerConfig } from './config';
import type { Database_ } from './db/client';
import type { Store } from './db/store';
import type { Clock } from './lib/clock';
import type { EventBus } from './lib/event-bus';
import type { OnAirGate } from './lib/on-air-gate';
import type { Logger } from './lib/logger';
import type { ServerDuty } from './jobs/server-duty';
import type { CgFileThread } from './integrations/cg-writer/cg-file-thread';
import type { HeavyPool, OutputsPool, WiresReader } from './workers/heavy-pool';

/** What every service may use; built once in startServer. */
export interface AppContext {
  config: ServerConfig;
  /**
   * The SQLite store's own connection, for what only SQLite has (backups, the CG write's prepared
   * statements, run inside a `store.write` body); null on PostgreSQL. Every read and write goes
   * through `store`: a statement run here outside a write's body could join another write's open
   * transaction.
   */
  sqlite: Database_ | null;
  /** The store every service reads and writes through (server/db/store.ts): SQLite or PostgreSQL. */
  store: Store;
  bus: EventBus;
  /** Whether this server runs the once-per-store work: scheduled jobs, bots (issue 43; always on SQLite). */
  duty: ServerDuty;
  clock: Clock;
  logger: Logger;
  /** On-air writes run through it; reads wait while one is running (air first). */
  onAir: OnAirGate;
  /** Worker threads for CPU-heavy work a user starts (bulk import checks, Sheets grids, CSV): off the air thread. */
  heavy: HeavyPool;
  /** The wires reader process: feeds fetched and parsed off the air thread (issue 26). */
  wiresReader: WiresReader;
  /** The outputs thread: CasparCG, OBS and vMix connections, off the air thread (issue 25). */
  outputsIo: OutputsPool;
  /** The CG files thread: every CG text file replaced off the air thread in one go (server/workers/cg-file-io.ts). */
  cgFilesIo: CgFileThread;
}
