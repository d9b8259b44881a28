import type { ServerConfig } from './config';
import type { Db } from './db/client';
import type { Clock } from './lib/clock';
import type { EventBus } from './lib/event-bus';
import type { Logger } from './lib/logger';

/** What every service may use; built once in startServer. */
export interface AppContext {
  config: ServerConfig;
  db: Db;
  bus: EventBus;
  clock: Clock;
  logger: Logger;
}
