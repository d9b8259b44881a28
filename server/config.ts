import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { ROLETYPES } from '../shared/roles';
import { GOOGLE_SHEETS } from '../shared/contracts/google-sheets';
import { WIRES } from '../shared/contracts/wires';
import { readStoreLocation } from './modules/store-move/store-location';

/** Repository root (two levels up from this file in source; overridable by the host). */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  /** Unset: the SQLite store in DATA_DIR. `postgres://…`: a PostgreSQL database (docs/postgresql.md). */
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// connection string')
    .optional(),
  /**
   * The other PostgreSQL of a main and backup pair (issue 43; docs/high-availability.md): the
   * server writes to whichever of DATABASE_URL and HA_DATABASE_URL is the main, and shows the pair.
   */
  HA_DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// connection string')
    .optional(),
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error', 'silent']).default('info'),
  COMPANY_NAME: z.string().trim().min(1).default('My Station'),
  OWNER_USERNAME: z.string().trim().min(1).default('owner'),
  OWNER_PASSWORD: z.string().min(8).optional(),
  OWNER_ROLETYPE: z.enum(ROLETYPES).default('user'),
  /** Where the Telegram Bot API lives; tests point it at a local fake (server/test/fake-telegram.ts). */
  TELEGRAM_API_ROOT: z.url().default('https://api.telegram.org'),
  /** Long-poll seconds per getUpdates call. */
  TELEGRAM_POLL_TIMEOUT: z.coerce.number().int().min(1).max(50).default(30),
  /** Where the Google Sheets API lives; tests point it at a local fake (server/test/fake-sheets.ts). */
  GOOGLE_SHEETS_ROOT_URL: z.url().default('https://sheets.googleapis.com/'),
  /** Longest a wire feed may take to answer in full (issue 26); tests shorten it. */
  WIRES_FETCH_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  /** Wire feeds on private networks (RFC 1918, ULA) — off: public addresses only (issue 37). */
  WIRES_ALLOW_PRIVATE_NETWORKS: z.enum(['on', 'off']).default('off'),
  /** Wire feeds on loopback (127/8, ::1) — for a feed proxy on this machine; never the server's own port (issue 37). */
  WIRES_ALLOW_LOOPBACK: z.enum(['on', 'off']).default('off'),
  /** "Poll now" per station: this many at once, then this many a minute (issue 37); the bench raises it. */
  WIRES_MANUAL_POLLS_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(WIRES.manualPollsPerMinute),
  /** Take mode of companies created from now on (issue 25): on for new installs; tests and the bench say off. */
  NEW_COMPANY_TAKE_MODE: z.enum(['on', 'off']).default('on'),
  /** The start-up backup waits this long (issue 41): start-up is the busiest minute of a station's PC; 0 = never. */
  BACKUP_START_DELAY_MS: z.coerce.number().int().min(0).max(3_600_000).default(60_000),
});

export type LogLevel = z.infer<typeof envSchema>['LOG_LEVEL'];

export interface ServerConfig {
  port: number;
  host: string;
  /** Absolute path of the folder holding the SQLite file (and, on PostgreSQL, the server's own files). */
  dataDir: string;
  /** The PostgreSQL store's connection string; null keeps the SQLite store in dataDir. */
  databaseUrl: string | null;
  /**
   * Main and backup (issue 43): both PostgreSQL servers of the pair as configured (DATABASE_URL,
   * HA_DATABASE_URL); null without a pair. At start databaseUrl becomes whichever is the main.
   */
  haPair: [string, string] | null;
  /** Base for relative paths such as the default ./cg_output (cwd headless, userData in Electron). */
  baseDir: string;
  logLevel: LogLevel;
  firstRun: { companyName: string; ownerUsername: string; ownerPassword?: string; ownerRoletype: 'user' | 'dev' };
  /** Built web UI (index.html + assets); null serves no UI (API-only tests). */
  webDir: string | null;
  migrationsDir: string;
  telegram: { apiRoot: string; pollTimeoutSeconds: number };
  /** pushDebounceMs: a burst of changes is one write to the sheet. */
  googleSheets: { rootUrl: string; pushDebounceMs: number };
  wires: { fetchTimeoutMs: number; manualPollsPerMinute: number };
  /**
   * Which networks wire feeds may be read from (issue 37; server/modules/wires/wires.address.ts).
   * Loopback, link-local and the server's own port are refused by default; the test server allows
   * loopback (its fake agencies listen on 127.0.0.1).
   */
  wiresNetwork: { allowPrivate: boolean; allowLoopback: boolean };
  /**
   * Take mode for companies created from now on (issue 25: on for new installs). The test server
   * turns it off so the suites written for direct sends keep testing them; take tests turn it on.
   */
  takeModeForNewCompanies: boolean;
  /** Backups (issue 41): delay of the start-up backup in ms, 0 = none (tests take theirs by hand). */
  backups: { startDelayMs: number };
}

/** `VAR=` (empty), as shells and compose files produce, means "not set": the default applies. */
function withoutEmpty(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v.trim() !== ''));
}

/** Reads the environment once; throws a readable error naming the bad variable. */
export function configFromEnv(env: NodeJS.ProcessEnv = process.env, baseDir = process.cwd()): ServerConfig {
  const parsed = envSchema.safeParse(withoutEmpty(env));
  if (!parsed.success) {
    const first = parsed.error.issues[0];
    throw new Error(`Invalid environment variable ${first?.path.join('.')}: ${first?.message}`);
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(baseDir, e.DATA_DIR),
    databaseUrl: e.DATABASE_URL ?? null,
    haPair: e.DATABASE_URL && e.HA_DATABASE_URL ? [e.DATABASE_URL, e.HA_DATABASE_URL] : null,
    baseDir,
    logLevel: e.LOG_LEVEL,
    firstRun: {
      companyName: e.COMPANY_NAME,
      ownerUsername: e.OWNER_USERNAME,
      ownerPassword: e.OWNER_PASSWORD,
      ownerRoletype: e.OWNER_ROLETYPE,
    },
    webDir: path.join(REPO_ROOT, 'out', 'renderer'),
    migrationsDir: path.join(REPO_ROOT, 'server', 'db', 'migrations'),
    telegram: { apiRoot: e.TELEGRAM_API_ROOT, pollTimeoutSeconds: e.TELEGRAM_POLL_TIMEOUT },
    googleSheets: {
      rootUrl: e.GOOGLE_SHEETS_ROOT_URL.replace(/\/?$/, '/'),
      pushDebounceMs: GOOGLE_SHEETS.pushDebounceMs,
    },
    wires: { fetchTimeoutMs: e.WIRES_FETCH_TIMEOUT_MS, manualPollsPerMinute: e.WIRES_MANUAL_POLLS_PER_MINUTE },
    wiresNetwork: {
      allowPrivate: e.WIRES_ALLOW_PRIVATE_NETWORKS === 'on',
      allowLoopback: e.WIRES_ALLOW_LOOPBACK === 'on',
    },
    takeModeForNewCompanies: e.NEW_COMPANY_TAKE_MODE === 'on',
    backups: { startDelayMs: e.BACKUP_START_DELAY_MS },
  };
}

/**
 * The store a start opens (issue 42): DATABASE_URL (or the host's own databaseUrl) wins; else the
 * PostgreSQL database a move from Settings recorded in the data folder (data/store-location.json);
 * else the SQLite file there. Read at every start, so a restart after a move stays on PostgreSQL.
 */
export function withStoreLocation(config: ServerConfig): ServerConfig {
  if (config.databaseUrl) return config;
  const location = readStoreLocation(config.dataDir);
  const databaseUrl = location?.databaseUrl ?? null;
  // A main and backup pair recorded in the file (a desktop PC): both of its connection strings.
  const haPair: [string, string] | null =
    databaseUrl && location?.haDatabaseUrl ? [databaseUrl, location.haDatabaseUrl] : config.haPair;
  return { ...config, databaseUrl, haPair };
}
