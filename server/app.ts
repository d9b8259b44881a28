import fs from 'node:fs';
import path from 'node:path';
import express, { type Express, type RequestHandler } from 'express';
import helmet from 'helmet';
import { bearerToken } from './lib/auth';
import { badRequest, errorHandler, HttpError } from './lib/errors';
import { fingerprintBody, idempotency } from './lib/idempotency';
import type { IdempotencyBook } from './lib/idempotency-memory';
import { containsNul } from './lib/validate';
import { limitConcurrentReads } from './lib/read-limiter';
import { limitReadRate } from './lib/read-rate';
import { ResponseCache } from './lib/response-cache';
import { EQUIPMENT_LIMITS } from '../shared/constants';
import type { AppContext } from './context';
import type { Services } from './services';
import { activityLogsRouter } from './modules/activity-logs/activity-logs.routes';
import { apiKeysRouter } from './modules/api-keys/api-keys.routes';
import { appVersionsRouter } from './modules/app-versions/app-versions.routes';
import { authRouter } from './modules/auth/auth.routes';
import { cgFilesRouter, cgFromNewsRouter } from './modules/cg-files/cg-files.routes';
import { cgNextRouter } from './modules/cg-files/cg-next.routes';
import { skipCgFolders } from './modules/cg-files/cg-web-guard';
import { companiesRouter } from './modules/companies/companies.routes';
import { bulletinsRouter } from './modules/bulletins/bulletins.routes';
import { crawlerRouter } from './modules/crawler/crawler.routes';
import { dashboardRouter, type Presence } from './modules/dashboard/dashboard.routes';
import { equipmentRouter } from './modules/equipment/equipment.routes';
import { equipmentBulkRouter } from './modules/equipment/equipment-bulk.routes';
import { equipmentReminderRouter } from './modules/equipment-alerts/equipment-alerts.routes';
import {
  equipmentExtensionRouter,
  equipmentRequestsRouter,
  mobileRouter,
} from './modules/equipment-requests/equipment-requests.routes';
import { newsRouter } from './modules/news/news.routes';
import { newsSendBackRouter } from './modules/news/news-send-back.routes';
import { newsRevisionsRouter } from './modules/news/news-revisions.routes';
import { notificationsRouter } from './modules/notifications/notifications.routes';
import { notificationPreferencesRouter } from './modules/notification-preferences/notification-preferences.routes';
import { prompterSessionsRouter, promptersRouter } from './modules/prompters/prompters.routes';
import { settingsRouter, telegramSettingsRouter } from './modules/settings/settings.routes';
import { usersRouter } from './modules/users/users.routes';
import { telegramRouter } from './modules/telegram/telegram.routes';
import { googleSheetsRouter } from './modules/google-sheets/google-sheets.routes';
import { systemRouter } from './modules/system/system.routes';
import { storeMoveRouter } from './modules/store-move/store-move.routes';
import { haRouter } from './modules/ha/ha.routes';
import { guardRoutesFromTable } from './route-table';
import { wiresRouter } from './modules/wires/wires.routes';
import { outputsRouter } from './modules/outputs/outputs.routes';
import { overlayPageRouter } from './modules/outputs/overlay-page.routes';
import { asRunRouter } from './modules/as-run/as-run.routes';
import { controlRouter } from './modules/control/control.routes';
import { requireScope } from './modules/control/control-auth';
import { backupsRouter } from './modules/backups/backups.routes';
import { stationExportRouter } from './modules/station-export/station-export.routes';
import { StationExportService } from './modules/station-export/station-export.service';

const JSON_LIMIT = '256kb';

/** The Express app: hardening, body parsing, session → actor, feature routers, static UI. */
/** `keys`: where Idempotency-Keys are kept — this process, or the store its servers share (issue 43). */
export function createApp(
  ctx: AppContext,
  services: Services,
  version: string,
  presence: Presence,
  keys: IdempotencyBook,
): Express {
  const app = express();
  app.disable('x-powered-by');
  // The LAN UI is plain HTTP: no HSTS and no upgrade-insecure-requests (docs/design-rules.md §4).
  // connect-src: a page asks the other servers of its store whether they live (/api/health) before
  // following one (issue 43); a server started later must count too, so any http(s) address.
  app.use(
    helmet({
      hsts: false,
      contentSecurityPolicy: {
        directives: { upgradeInsecureRequests: null, connectSrc: ["'self'", 'http:', 'https:'] },
      },
    }),
  );
  // Idempotency after identify: a key belongs to the user who sent it, and a replay goes only to
  // the same user with the same rights (lib/idempotency.ts), so it needs the caller.
  // Reads wait at the door while an on-air write runs (before any of their own work).
  app.use('/api', ctx.onAir.readsWait);
  // A restore is accepted (issue 41): a write now would be acknowledged and then lost with the store.
  app.use('/api', (req, _res, next) => {
    if (services.backups.writesClosed && req.method !== 'GET' && req.method !== 'HEAD')
      throw new HttpError(
        503,
        'CG Bridge is restoring a backup: nothing can be saved until it is back (a few seconds)',
      );
    next();
  });
  // A CSV upload of 20 000 rows is megabytes of JSON: its own limit, and only read here — the route
  // parses and checks it on a worker thread (server/workers/bulk-check.ts), off the air thread.
  app.use(
    '/api/equipment/bulk',
    express.raw({ type: 'application/json', limit: EQUIPMENT_LIMITS.bulkBodyBytes, verify: fingerprintBody }),
  );
  app.use(
    '/api',
    express.json({ limit: JSON_LIMIT, verify: fingerprintBody }),
    rejectNul,
    identify(services),
    idempotency(keys),
  );
  // Health is a liveness probe (the desktop supervisor, monitors): cheap, and never rate-limited,
  // so a busy session's reads cannot make a healthy server look down.
  app.get('/api/health', (_req, res) => {
    // Pages of another server of the store ask whether this one is alive before moving here (issue 43).
    res.setHeader('Access-Control-Allow-Origin', '*');
    res.json({ status: 'ok', version, bootId: services.backups.bootId });
  });
  app.get('/api/{*splat}', readRate());
  const cache = new ResponseCache(ctx.bus);
  app.use('/api/auth', authRouter(services.auth, services.users));
  app.use('/api/users', usersRouter(services.users));
  app.use('/api/companies', companiesRouter(services.companies));
  app.use(
    '/api/news',
    cgFromNewsRouter(services.cgNext, services.news),
    newsSendBackRouter(services.newsSendBack),
    newsRevisionsRouter(services.newsRevisions),
    newsRouter(services.news, services.recycleBin, cache),
  );
  // Next before the CG files router: its /:id routes would read 'next' as an id.
  app.use(
    '/api/cg-files',
    cgNextRouter(services.cgNext, services.cgFiles.changes),
    cgFilesRouter(services.cgFiles, services.cgNext, services.apiKeys, cache),
  );
  app.use('/api/company/api-keys', apiKeysRouter(services.apiKeys));
  app.use('/api/company/telegram-settings', telegramSettingsRouter(services.settings));
  app.use('/api/settings', settingsRouter(services.settings));
  app.use('/api/backups', backupsRouter(services.backups));
  app.use('/api/station-export', stationExportRouter(new StationExportService(ctx, services.activity)));
  app.use('/api/news-crawler', crawlerRouter(services.crawler));
  app.use('/api/bulletins', bulletinsRouter(services.bulletins));
  app.use('/api/prompters', promptersRouter(services.prompters));
  app.use('/api/prompter-sessions', prompterSessionsRouter(services.prompters));
  app.use(
    '/api/equipment',
    equipmentBulkRouter(services.equipmentBulk, ctx.heavy),
    equipmentRouter(services.equipment),
  );
  app.use('/api/equipment-requests', equipmentRequestsRouter(services.equipmentRequests));
  app.use('/api/equipment-extension', equipmentExtensionRouter(services.equipmentRequests));
  app.use('/api/mobile', mobileRouter(services.equipmentRequests));
  app.use('/api/telegram', equipmentReminderRouter(services.equipmentAlerts), telegramRouter(services.telegram));
  app.use('/api/google-sheets', googleSheetsRouter(services.googleSheets));
  app.use('/api/wires', wiresRouter(services.wires));
  app.use('/api/outputs', outputsRouter(services.overlay, services.outputs));
  app.use('/api/as-run', limitConcurrentReads(2), asRunRouter(services.asRun));
  app.use('/api/control', controlRouter(services, ctx.clock, keys));
  app.use('/api/dashboard', dashboardRouter(services.news, presence, services.equipmentRequests));
  app.use('/api/notifications', notificationsRouter(services.notifications));
  app.use('/api/notification-preferences', notificationPreferencesRouter(services.notificationPreferences));
  app.use('/api/system', systemRouter(ctx.config.host), storeMoveRouter(services.storeMove));
  app.use('/api/ha', haRouter(services.ha));
  app.use('/api/activity-logs', limitConcurrentReads(2), activityLogsRouter(services.activity));
  app.use('/api', appVersionsRouter(services.appVersions));
  app.use('/api', (req, res) => {
    res.status(404).json({ message: `No API route ${req.method} ${req.originalUrl.split('?')[0]}` });
  });

  // The HTML overlay page (issue 25): no login, the key in the path is the credential.
  app.use('/overlay', overlayPageRouter(services.overlay, ctx.config.webDir));
  if (ctx.config.webDir) serveWebUi(app, ctx.config.webDir, () => services.cgFiles.allFolders());
  app.use(errorHandler(ctx.logger));
  // Every route served has a row in the one route table (method, path, role rule, scoping, body
  // contract) and every row a route, or the server does not start; each route is then guarded by
  // its row's rule — the routers write none. The route matrix test walks that table.
  guardRoutesFromTable(app, (scope) => requireScope(services.apiKeys, scope));
  return app;
}

/**
 * Reads per session: a burst of 100, 50 a second after that; the ~2 MB unpaged news list costs 10.
 * Writes are not counted here (they are few, and an on-air write must never wait for a token).
 */
const readRate = () =>
  limitReadRate({
    burst: 100,
    perSecond: 50,
    cost: (req) => (req.path === '/api/news' && req.query.page === undefined ? 10 : 1),
  });

/** Where the rows of a body report their own NUL, with the row's line (shared/equipment-csv.ts). */
const NUL_PER_ROW = new Set(['/api/equipment/bulk']);

const rejectNul: RequestHandler = (req, _res, next) => {
  const body: unknown = req.body;
  // Raw bytes (the bulk upload): the worker that parses them checks for NUL (workers/bulk-check.ts).
  if (Buffer.isBuffer(body)) {
    if (containsNul(req.query)) throw badRequest('Text must not contain NUL characters');
    return next();
  }
  const rowsChecked =
    NUL_PER_ROW.has(req.baseUrl + req.path) && typeof body === 'object' && body !== null && !Array.isArray(body);
  const checked = rowsChecked ? { ...body, csvData: undefined } : body;
  if (containsNul(checked) || containsNul(req.query)) throw badRequest('Text must not contain NUL characters');
  next();
};

/** Resolves the bearer token to req.actor; routes that need a caller answer 401 themselves. */
function identify(services: Services): RequestHandler {
  return async (req, _res, next) => {
    const token = bearerToken(req);
    if (token) req.actor = (await identifyCaller(services, req.path, token)) ?? undefined;
    next();
  };
}

/**
 * While the main is lost (issue 43) its store cannot say who calls: the pair's status and the
 * takeover — all an operator can do then — know their caller from the backup's copy of the sessions.
 */
function identifyCaller(services: Services, path: string, token: string) {
  if (path.startsWith('/ha/') && services.ha.mainSilent()) return services.ha.authenticateOnBackup(token);
  return services.auth.authenticate(token);
}

/** The built React app; every non-API GET falls back to index.html (client-side routes). */
function serveWebUi(app: Express, webDir: string, cgFolders: () => Promise<string[]>): void {
  const indexFile = path.join(webDir, 'index.html');
  app.use(skipCgFolders(express.static(webDir, { index: false, maxAge: '1h' }), webDir, cgFolders));
  app.get('/{*splat}', (req, res) => {
    // A build file that is not there (a relative asset path asked from a nested route, a stale
    // tab after an update) is a 404: answering index.html as JavaScript renders a blank page.
    if (req.path.includes('/assets/')) {
      res.status(404).type('text').send('Not found');
      return;
    }
    if (!fs.existsSync(indexFile)) {
      res.status(503).type('text').send('The web UI is not built. Run `npm run build:web`.');
      return;
    }
    res.setHeader('Cache-Control', 'no-cache');
    res.sendFile(indexFile);
  });
}
