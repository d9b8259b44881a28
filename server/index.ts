import { randomUUID } from 'node:crypto';
import os from 'node:os';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createApp } from './app';
import { configFromEnv, withStoreLocation, type ServerConfig } from './config';
import type { AppContext } from './context';
import { openStore } from './db/open-store';
import { systemClock, type Clock } from './lib/clock';
import { OnAirGate } from './lib/on-air-gate';
import { EventBus } from './lib/event-bus';
import { createLogger, type Logger } from './lib/logger';
import { OverlayHub } from './live/overlay-hub';
import { purgeRecycleBinJob } from './jobs/purge-recycle-bin.job';
import { purgeSessionsJob } from './jobs/purge-sessions.job';
import { sweepAppVersionFilesJob } from './jobs/sweep-app-version-files.job';
import { equipmentLowStockJob } from './jobs/equipment-low-stock.job';
import { equipmentOverdueJob } from './jobs/equipment-overdue.job';
import { equipmentRemindersJob } from './jobs/equipment-reminders.job';
import { Scheduler } from './jobs/scheduler';
import { pruneAsRunJob } from './jobs/prune-as-run.job';
import { backupJob } from './jobs/backup.job';
import { backupBeforeMigrations } from './modules/backups/backup-migrations';
import { writeServerLock } from './modules/backups/server-lock';
import { restoredMark } from './modules/backups/restore';
import { AsRunRecorder } from './modules/as-run/as-run.recorder';
import { reportOverlayResults } from './modules/as-run/overlay-results';
import { startTelegram } from './modules/telegram/telegram-lifecycle';
import { startGoogleSheets } from './modules/google-sheets/google-sheets-lifecycle';
import { createServices, type Services } from './services';
import type { FirstRunResult } from './modules/companies/companies.service';
import { APP_VERSION } from './version';
import type { HostStarter } from './lib/task-host';
import { CgFileThread } from './integrations/cg-writer/cg-file-thread';
import { restoreInPlace } from './restore-in-place';
import { lanAddresses } from './lib/lan-addresses';
import { followMainInPlace } from './ha-in-place';
import { HaMonitor } from './modules/ha/ha-monitor';
import { resolveMain } from './modules/ha/ha-resolve';
import { moveInPlace } from './move-in-place';
import { PgRelay } from './live/pg-relay';
import { startLiveHub } from './live/start-hub';
import type { LiveHub } from './live/hub';
import { IdempotencyStore } from './lib/idempotency-memory';
import { StoreIdempotency } from './modules/idempotency/store-idempotency';
import { PgServerDuty, soleServer } from './jobs/server-duty';
import { CgFolderFollower } from './modules/cg-files/cg-folder-follower';
import {
  createHeavyPool,
  createOutputsPool,
  createWiresReader,
  type HeavyPool,
  type OutputsPool,
  type WiresReader,
} from './workers/heavy-pool';

/** Longest a request may take (a 500 MB upload over slow Wi-Fi); Node's default is 5 minutes. */
const REQUEST_TIMEOUT_MS = 30 * 60 * 1000;
/** How long close() waits for requests in flight (CG writes take milliseconds; uploads may not). */
const CLOSE_DRAIN_MS = 5_000;

export interface StartOptions extends Partial<ServerConfig> {
  clock?: Clock;
  logger?: Logger;
  /** Heartbeat period of the live channel (tests shorten it). */
  wsPingIntervalMs?: number;
  /** How often live sockets are checked against their session expiry (tests shorten it). */
  wsExpiryCheckMs?: number;
  /** The heavy jobs' entry file, also the wires reader's: the desktop bundle passes its own (server/workers/entries.ts). */
  workerEntry?: URL;
  /** The outputs thread's entry file: the desktop bundle passes its own. */
  outputsWorkerEntry?: URL;
  /** The CG files thread's entry (tests: a thread whose file calls hang). */
  cgFileWorkerEntry?: URL;
  /**
   * Where the wires reader runs: a Node process of its own by default (from source, a plain build of
   * its entry: lib/thread-bundle.ts); the desktop host relays one (server/desktop-reader.ts).
   */
  wiresReaderHost?: HostStarter;
}

export interface RunningServer {
  url: string;
  port: number;
  /** Set on the run that created the first company and owner. */
  firstRun: FirstRunResult | null;
  services: Services;
  scheduler: Scheduler;
  hub: LiveHub;
  /** The heavy worker pool (tests read what ran off the air thread: `answered`, `full`). */
  heavy: HeavyPool;
  /** The wires reader process (tests read `answered` and `full`). */
  wiresReader: WiresReader;
  /** The outputs thread (tests read `answered`: device sends ran there). */
  outputsIo: OutputsPool;
  /** The CG files thread (tests read `answered` and `threads`). */
  cgFilesIo: CgFileThread;
  /** On-air writes in progress (tests hold one to see background work wait for it). */
  onAir: OnAirGate;
  /** The HTML overlays' read-only channel (issue 25). */
  overlayHub: OverlayHub;
  /** Buffers and writes the as-run log (tests flush it). */
  asRunRecorder: AsRunRecorder;
  /** The live bus between servers on one PostgreSQL store (issue 43); null on SQLite. */
  relay: PgRelay | null;
  close(): Promise<void>;
}

/**
 * Starts the whole CG Bridge server: store, services, jobs, HTTP API, static UI and live channel.
 * Hosts: `server/cli.ts` (headless, `npm start`) and `electron/main` (desktop app).
 */
export async function startServer(options: StartOptions = {}): Promise<RunningServer> {
  const configured: ServerConfig = withStoreLocation({ ...configFromEnv(), ...stripUndefined(options) });
  const logger = options.logger ?? createLogger(configured.logLevel);
  // A main and backup pair (issue 43): the store is whichever of the two is the main now.
  const config: ServerConfig = configured.haPair
    ? { ...configured, databaseUrl: await resolveMain(configured.haPair, logger) }
    : configured;
  // An update's migrations change the SQLite store: a verified backup of it as it was comes first
  // (issue 41). A PostgreSQL store is backed up with the engine's own tools (docs/postgresql.md).
  if (!config.databaseUrl)
    await backupBeforeMigrations(
      config.dataDir,
      config.migrationsDir,
      APP_VERSION,
      (options.clock ?? systemClock).now(),
    );
  const opened = await openStore(config);
  // One server on the store runs the scheduled jobs and bots (issue 43); alone, this one.
  const duty = config.databaseUrl ? new PgServerDuty(config.databaseUrl, logger) : soleServer;
  const ctx: AppContext = {
    config,
    sqlite: opened.sqlite,
    store: opened.store,
    bus: new EventBus(),
    duty,
    clock: options.clock ?? systemClock,
    logger,
    onAir: new OnAirGate(),
    heavy: createHeavyPool(options.workerEntry),
    wiresReader: createWiresReader(options.workerEntry, options.wiresReaderHost),
    outputsIo: createOutputsPool(options.outputsWorkerEntry),
    cgFilesIo: new CgFileThread(options.cgFileWorkerEntry),
  };
  // Several servers on one PostgreSQL store hear each other's changes (issue 43).
  const relay = config.databaseUrl ? new PgRelay(config.databaseUrl, ctx.bus, logger) : null;
  await relay?.start();
  // This server's id in the rows it holds in the store (editing presence, Idempotency-Keys).
  const serverId = relay?.serverId ?? randomUUID().slice(0, 8);
  const livingServers = () => (relay ? relay.livingServerIds() : Promise.resolve([serverId]));
  if (duty instanceof PgServerDuty) await duty.start();
  // The start-up resync below is the first CG write: its thread is up before anyone goes on air.
  ctx.cgFilesIo.warm();
  const services = createServices(ctx);
  const firstRun = await services.companies.ensureFirstRun();
  // NEXT does not outlive its store's servers: the first to start (alone on the store) empties it.
  if (!relay || (await relay.othersListening()) === 0) await services.cgNext.forgetAll();
  await services.companies.separateCgFolders();
  // A CG folder move a crash interrupted: keep the folder the DB names, clean the other (issue 22).
  await services.cgFiles.recoverFolderMoves();
  // Files must match the DB before anything goes on air (a crash may have left them behind; a
  // restore from a backup puts the backup's texts back on air).
  const restore = restoredMark(config.dataDir);
  // Changes other servers on the store make from now on reach this server's CG folders (issue 43).
  const cgFollower = relay
    ? new CgFolderFollower(ctx.bus, services.cgFiles, logger, (companyId, changed) =>
        services.outputs.dispatcher.pushTexts(companyId, changed),
      )
    : null;
  await services.cgFiles.resyncAll({ restored: restore.restored });
  cgFollower?.start();
  restore.done();
  // Direct outputs get the current state, then every committed change (issue 25).
  await services.outputs.start();

  const scheduler = new Scheduler(logger, () => duty.holds());
  scheduler.add(purgeSessionsJob(services.auth));
  scheduler.add(purgeRecycleBinJob(services.recycleBin));
  scheduler.add(sweepAppVersionFilesJob(services.appVersions));
  scheduler.add(equipmentOverdueJob(services.equipmentAlerts));
  scheduler.add(equipmentRemindersJob(services.equipmentAlerts));
  scheduler.add(equipmentLowStockJob(services.equipmentAlerts));
  scheduler.add(services.wirePoller.job());
  scheduler.add(pruneAsRunJob(services.asRun));
  // What a crash mid-backup left is removed; then hourly (a setting) and once a minute after start.
  // The backups copy the SQLite file; a PostgreSQL store is backed up with the engine's own tools.
  if (ctx.sqlite) {
    services.backups.runner.sweep();
    scheduler.add(backupJob(services.backups));
  }
  const startBackup =
    ctx.sqlite && config.backups.startDelayMs > 0
      ? setTimeout(() => void services.backups.runner.take('start').catch(() => undefined), config.backups.startDelayMs)
      : null;
  startBackup?.unref();
  const stopTelegram = startTelegram(ctx, services, scheduler);
  const stopGoogleSheets = startGoogleSheets(ctx, services.googleSheets, services.sheetSync, scheduler);

  const overlayHub = new OverlayHub({
    bus: ctx.bus,
    logger,
    companyForKey: (key) => services.overlay.companyForKey(key),
    snapshot: async (companyId) => ({
      ...(await services.overlay.snapshot(companyId)),
      servers: (await services.ha.servers().catch(() => ({ servers: [] }))).servers,
    }),
    now: () => ctx.clock.now().getTime(),
    pingIntervalMs: options.wsPingIntervalMs,
  });
  services.overlay.connections = (companyId) => overlayHub.connections(companyId);
  // The as-run log listens from here on (issue 25): start-up resyncs are not changes anyone made.
  const asRunRecorder = new AsRunRecorder(ctx, services.cgFiles.changes);
  reportOverlayResults(services.cgFiles.changes, (companyId) => overlayHub.outputCount(companyId));
  services.outputs.tallyBook.overlaysOf = (companyId) => overlayHub.outputCount(companyId);
  // Clients that saw another restore reload (issue 41): read once, the store only changes by restart.
  await services.backups.load();
  const restoredAt = services.backups.lastRestoredAt();
  const hub = await startLiveHub(ctx, services, {
    serverId,
    livingServers,
    overlayHub,
    restoredAt,
    pingIntervalMs: options.wsPingIntervalMs,
    expiryCheckMs: options.wsExpiryCheckMs,
  });
  // Main and backup (issue 43): the pair watched every second; a takeover restarts onto the new main.
  let followMain: (why: string) => void = () => undefined;
  const haMonitor = config.haPair
    ? new HaMonitor(config.haPair, config.databaseUrl!, {
        heard: relay?.heard ?? null,
        now: () => Date.now(),
        logger,
        onStatus: (status) => hub.announceHa(status),
        onMainMoved: (why) => followMain(why),
      })
    : null;
  services.ha.monitor = haMonitor;
  await haMonitor?.start();
  // A request may take 30 minutes (Node's default is 5): a 500 MB installer upload over slow
  // Wi-Fi needs it. Headers must still arrive within Node's 60 s (headersTimeout), and JSON bodies
  // are capped at 256 kB, so a slow client holds a socket, not memory.
  // A repeated write gets its first answer on any server of the store (issue 43).
  const keys = relay
    ? new StoreIdempotency({
        store: ctx.store,
        clock: ctx.clock,
        serverId,
        livingServers,
        storeSilent: () => services.ha.mainSilent(),
      })
    : new IdempotencyStore(ctx.clock);
  const server = http.createServer(
    { requestTimeout: REQUEST_TIMEOUT_MS },
    createApp(ctx, services, APP_VERSION, hub, keys),
  );
  hub.attach(server);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.port, config.host, resolve);
  });
  const { port } = server.address() as AddressInfo;
  // The restore command refuses while this process holds the store (modules/backups/server-lock.ts).
  const releaseLock = writeServerLock(config.dataDir, port);
  await services.wirePoller.warm();
  const shownHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  // This server's address, for browsers and graphics PCs to follow (issue 43): its first LAN address.
  const address = lanAddresses(os.networkInterfaces(), port, config.host)[0] ?? `http://${shownHost}:${port}`;
  await relay?.announce(address);
  services.ha.listServers = relay ? () => relay.servers() : () => Promise.resolve([address]);

  const running: RunningServer = {
    url: `http://${shownHost}:${port}`,
    port,
    firstRun,
    services,
    scheduler,
    hub,
    heavy: ctx.heavy,
    wiresReader: ctx.wiresReader,
    onAir: ctx.onAir,
    outputsIo: ctx.outputsIo,
    cgFilesIo: ctx.cgFilesIo,
    overlayHub,
    asRunRecorder,
    relay,
    close: async () => {
      // Stop taking requests first, then let those in flight (a CG write on its way to disk)
      // answer before anything they use goes away; a stuck one is cut off after CLOSE_DRAIN_MS.
      const drained = new Promise<void>((resolve) => server.close(() => resolve()));
      // Keep-alive sockets go idle as their last request answers: close them then, not when the client does.
      const sweep = setInterval(() => server.closeIdleConnections(), 25);
      server.closeIdleConnections();
      haMonitor?.close();
      await services.ha.close();
      await scheduler.stop();
      cgFollower?.close();
      await stopTelegram();
      await stopGoogleSheets();
      await services.wirePoller.stop();
      hub.close();
      overlayHub.close();
      await services.outputs.close();
      await Promise.race([drained, new Promise((resolve) => setTimeout(resolve, CLOSE_DRAIN_MS).unref())]);
      clearInterval(sweep);
      server.closeAllConnections();
      await drained;
      await Promise.all([ctx.heavy.close(), ctx.wiresReader.close(), ctx.outputsIo.close()]);
      await services.cgFiles.flush();
      // After the last cg.json write.
      await ctx.cgFilesIo.close();
      // After the last request: every as-run row of every change that answered is written.
      await asRunRecorder.close();
      // A backup in progress copies from the store: it finishes before the store closes.
      if (startBackup) clearTimeout(startBackup);
      await services.backups.runner.idle();
      // After the last request's events went out; the duties go to another server.
      await relay?.close();
      if (duty instanceof PgServerDuty) await duty.close();
      await opened.close();
      releaseLock();
    },
  };
  services.backups.restoreInPlace = restoreInPlace(running, options, startServer, logger);
  services.storeMove.moveInPlace = moveInPlace(running, options, startServer, logger);
  followMain = followMainInPlace(running, options, startServer, logger);
  return running;
}

function stripUndefined<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}
