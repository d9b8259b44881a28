import { loginRequestSchema } from '../shared/contracts/auth';
import { createApiKeySchema, updateApiKeySchema } from '../shared/contracts/api-keys';
import { createBulletinSchema, updateBulletinSchema } from '../shared/contracts/bulletins';
import {
  createCgFileSchema,
  createCgFromNewsSchema,
  emergencyOverrideSchema,
  endEmergencySchema,
  updateCgFileSchema,
  updateDirectSchema,
} from '../shared/contracts/cg-files';
import { takeNextSchema } from '../shared/contracts/cg-next';
import { createCompanySchema } from '../shared/contracts/companies';
import {
  addHeadlineSchema,
  editHeadlineSchema,
  removeHeadlineSchema,
  reorderHeadlinesSchema,
} from '../shared/contracts/crawler';
import {
  createNewsSchema,
  restoreRevisionSchema,
  sendBackNewsSchema,
  updateNewsSchema,
} from '../shared/contracts/news';
import { wireFeedInputSchema } from '../shared/contracts/wires';
import { updateNotificationPreferencesSchema } from '../shared/contracts/notification-preferences';
import { createPrompterSchema, endPrompterSessionSchema, updatePrompterSchema } from '../shared/contracts/prompters';
import { updateSettingsSchema, updateTelegramGroupsSchema } from '../shared/contracts/settings';
import { restoreBackupSchema, updateBackupSettingsSchema } from '../shared/contracts/backups';
import { moveToPostgresSchema } from '../shared/contracts/store-move';
import { takeoverSchema } from '../shared/contracts/ha';
import { saveOverlayLayoutSchema } from '../shared/contracts/overlay';
import { controlEmergencySchema } from '../shared/contracts/control';
import { outputInputSchema } from '../shared/contracts/outputs';
import { createUserSchema, updateUserSchema } from '../shared/contracts/users';
import type { Express } from 'express';
import { guardFor, type KeyGuard } from './lib/auth';
import { guardRoutes, mountedRoutes, type MountedRoute } from './route-walk';
import { EQUIPMENT_AND_ADMIN_ROUTES } from './route-table-equipment';
import {
  apiKeyScope,
  bySession,
  devRoletype,
  noScope,
  ownerOrDev,
  ownOr,
  perm,
  publicRoute,
  record,
  route,
  signedIn,
  type RouteEntry,
} from './route-table-types';

const NEWSROOM_ROUTES: RouteEntry[] = [
  route('GET', '/api/health', publicRoute, noScope),
  route('POST', '/api/auth/login', publicRoute, noScope, loginRequestSchema),
  route('GET', '/api/auth/me', signedIn, bySession),
  route('POST', '/api/auth/logout', signedIn, bySession),

  route('GET', '/api/users', signedIn, bySession),
  route('GET', '/api/users/:id', signedIn, record('user')),
  route('POST', '/api/users', perm('users.manage'), bySession, createUserSchema),
  route('PUT', '/api/users/:id', perm('users.manage'), record('user'), updateUserSchema),
  route('DELETE', '/api/users/:id', perm('users.manage'), record('user')),
  route('GET', '/api/companies', signedIn, bySession),
  route('POST', '/api/companies', devRoletype, noScope, createCompanySchema),

  route('GET', '/api/news', signedIn, bySession),
  route('GET', '/api/news/recycle-bin', perm('recycleBin.manage'), bySession),
  route('POST', '/api/news/cleanup', perm('recycleBin.manage'), bySession),
  route('GET', '/api/news/approval-rule', signedIn, bySession),
  route('GET', '/api/news/:id', signedIn, record('news')),
  route('POST', '/api/news', perm('news.create'), bySession, createNewsSchema),
  // Edit own draft: news.create; anyone else's article: news.manage (docs/design-rules.md §5).
  route('PUT', '/api/news/:id', ownOr('news.create', 'news.manage'), record('news'), updateNewsSchema),
  // Issue 39: submit for approval — own draft with news.create, anyone's with news.manage.
  route('POST', '/api/news/:id/submit', ownOr('news.create', 'news.manage'), record('news')),
  route('POST', '/api/news/:id/approve', perm('news.manage'), record('news')),
  route('POST', '/api/news/:id/publish', perm('news.manage'), record('news')),
  route('POST', '/api/news/:id/reject', perm('news.manage'), record('news'), sendBackNewsSchema),
  route('POST', '/api/news/:id/unapprove', perm('news.manage'), record('news'), sendBackNewsSchema),
  route('GET', '/api/news/:id/revisions', signedIn, record('news')),
  // Restore is an edit: own draft with news.create, anyone's with news.manage (NewsService.update).
  route(
    'POST',
    '/api/news/:id/revisions/:revisionId/restore',
    ownOr('news.create', 'news.manage'),
    record('news'),
    restoreRevisionSchema,
  ),
  route('DELETE', '/api/news/:id', perm('news.manage'), record('news')),
  route('POST', '/api/news/:id/restore', perm('recycleBin.manage'), record('deletedNews')),
  route('DELETE', '/api/news/:id/permanent', perm('recycleBin.manage'), record('deletedNews')),
  route('POST', '/api/news/:id/create-cg', perm('cg.write'), record('news'), createCgFromNewsSchema),

  // Wires (issue 26): items and Make a story for news writers; the feeds themselves for owner/admin.
  route('GET', '/api/wires', perm('news.create'), bySession),
  route('GET', '/api/wires/feeds', perm('settings.manage'), bySession),
  route('POST', '/api/wires/feeds', perm('settings.manage'), bySession, wireFeedInputSchema),
  route('PUT', '/api/wires/feeds/:id', perm('settings.manage'), record('wireFeed'), wireFeedInputSchema),
  route('DELETE', '/api/wires/feeds/:id', perm('settings.manage'), record('wireFeed')),
  route('POST', '/api/wires/feeds/:id/poll', perm('settings.manage'), record('wireFeed')),
  route('GET', '/api/wires/sources/:id', perm('news.create'), record('news')),
  route('POST', '/api/wires/:id/make-story', perm('news.create'), record('wireItem')),

  route('GET', '/api/cg-files/sync', { kind: 'apiKeyOrSession' }, bySession),
  route('GET', '/api/cg-files', signedIn, bySession),
  route('POST', '/api/cg-files/update-direct', perm('cg.write'), bySession, updateDirectSchema),
  // Preview and take (issue 25): Next is read by every operator; staged, taken and cleared by CG writers.
  route('GET', '/api/cg-files/next', signedIn, bySession),
  route('DELETE', '/api/cg-files/next', perm('cg.write'), bySession),
  route('POST', '/api/cg-files/take', perm('cg.write'), bySession, takeNextSchema),
  route('POST', '/api/cg-files/emergency', perm('cg.write'), bySession, emergencyOverrideSchema),
  route('GET', '/api/cg-files/emergency', signedIn, bySession),
  route('POST', '/api/cg-files/emergency/end', perm('cg.write'), bySession, endEmergencySchema),
  route('POST', '/api/cg-files/initialize', perm('cg.write'), bySession),
  route('POST', '/api/cg-files', perm('cg.write'), bySession, createCgFileSchema),
  route('PUT', '/api/cg-files/:id', perm('cg.write'), record('cgFile'), updateCgFileSchema),
  route('DELETE', '/api/cg-files/:id', perm('cg.write'), record('cgFile')),
  route('GET', '/api/cg-files/:id/download', signedIn, record('cgFile')),

  route('GET', '/api/news-crawler/content', signedIn, bySession),
  route('POST', '/api/news-crawler/generate', perm('cg.write'), bySession),
  route('POST', '/api/news-crawler/add-headline', perm('cg.write'), bySession, addHeadlineSchema),
  route('POST', '/api/news-crawler/remove-headline', perm('cg.write'), bySession, removeHeadlineSchema),
  route('PUT', '/api/news-crawler/edit-headline', perm('cg.write'), bySession, editHeadlineSchema),
  route('POST', '/api/news-crawler/clear', perm('cg.write'), bySession),
  route('PUT', '/api/news-crawler/reorder', perm('cg.write'), bySession, reorderHeadlinesSchema),

  route('GET', '/api/bulletins', signedIn, bySession),
  route('POST', '/api/bulletins', perm('bulletins.manage'), bySession, createBulletinSchema),
  route('PUT', '/api/bulletins/:id', perm('bulletins.manage'), record('bulletin'), updateBulletinSchema),
  route('DELETE', '/api/bulletins/:id', perm('bulletins.manage'), record('bulletin')),
  route('GET', '/api/prompters', signedIn, bySession),
  route('POST', '/api/prompters', perm('prompters.manage'), bySession, createPrompterSchema),
  route('PUT', '/api/prompters/:id', perm('prompters.manage'), record('prompter'), updatePrompterSchema),
  route('DELETE', '/api/prompters/:id', perm('prompters.manage'), record('prompter')),
  route('GET', '/api/prompters/:id/content', signedIn, record('prompter')),
  route('POST', '/api/prompters/:id/sessions', signedIn, record('prompter')),
  // The reader ends their own session; owner/admin end anyone's.
  route(
    'PUT',
    '/api/prompter-sessions/:id/end',
    ownOr(null, 'prompters.manage'),
    record('prompterSession'),
    endPrompterSessionSchema,
  ),

  route('GET', '/api/company/api-keys', perm('settings.manage'), bySession),
  route('POST', '/api/company/api-keys', perm('settings.manage'), bySession, createApiKeySchema),
  route('PATCH', '/api/company/api-keys/:id', perm('settings.manage'), record('apiKey'), updateApiKeySchema),
  route('DELETE', '/api/company/api-keys/:id', perm('settings.manage'), record('apiKey')),
  route('GET', '/api/company/telegram-settings', perm('settings.manage'), bySession),
  route('PUT', '/api/company/telegram-settings', perm('settings.manage'), bySession, updateTelegramGroupsSchema),
  route('GET', '/api/settings/branding', signedIn, bySession),
  route('GET', '/api/settings/time-zone', signedIn, bySession),
  route('GET', '/api/settings', perm('settings.manage'), bySession),
  route('PUT', '/api/settings', perm('settings.manage'), bySession, updateSettingsSchema),
  // Backups hold every station (issue 41): owner or roletype dev by the table; the service then
  // refuses an owner of any station but the host (first) one — tested in backups-tenancy.test.ts.
  route('GET', '/api/backups', ownerOrDev, bySession),
  route('POST', '/api/backups', ownerOrDev, bySession),
  route('GET', '/api/backups/download', ownerOrDev, bySession),
  route('PUT', '/api/backups/settings', ownerOrDev, bySession, updateBackupSettingsSchema),
  // Restore narrows further in the service: the host station's owner only (a dev is refused too).
  route('POST', '/api/backups/restore', ownerOrDev, bySession, restoreBackupSchema),
  // A station's own data as a portable archive (issue 41): owner or roletype dev, the session's company only.
  route('GET', '/api/station-export', ownerOrDev, bySession),
  route('GET', '/api/dashboard/stats', signedIn, bySession),
  route('GET', '/api/notifications', signedIn, bySession),
  // Self, or an owner/admin of the same company.
  route('GET', '/api/notification-preferences/:userId', ownOr(null, 'users.manage'), record('user', 'userId')),
  route(
    'PUT',
    '/api/notification-preferences/:userId',
    ownOr(null, 'users.manage'),
    record('user', 'userId'),
    updateNotificationPreferencesSchema,
  ),
  route('GET', '/api/system/addresses', signedIn, bySession),
  // Where the data are kept (issue 42): owner or roletype dev; the move narrows to the host owner in the service.
  route('GET', '/api/system/store', ownerOrDev, bySession),
  route('POST', '/api/system/move-to-postgres', ownerOrDev, bySession, moveToPostgresSchema),
  // Main and backup (issue 43): the pair for every header; the takeover for whoever puts text on air.
  route('GET', '/api/ha/status', signedIn, bySession),
  route('GET', '/api/ha/servers', signedIn, bySession),
  route('POST', '/api/ha/takeover', perm('cg.write'), bySession, takeoverSchema),
  // The HTML overlay (issue 25): URL, rotation and layout for owner/admin; the page itself by key.
  route('GET', '/api/outputs/overlay', perm('settings.manage'), bySession),
  route('POST', '/api/outputs/overlay/rotate', perm('settings.manage'), bySession),
  route('PUT', '/api/outputs/overlay/layout', perm('settings.manage'), bySession, saveOverlayLayoutSchema),
  route('GET', '/overlay/:key', { kind: 'feedKey' }, { kind: 'key' }),
  // Direct outputs (issue 25): CasparCG, OBS, vMix for owner/admin; their status for everyone (header).
  route('GET', '/api/outputs/status', signedIn, bySession),
  // What each output last confirmed on program (issue 38): every operator reads the tally.
  route('GET', '/api/outputs/tally', signedIn, bySession),
  route('GET', '/api/outputs', perm('settings.manage'), bySession),
  route('POST', '/api/outputs', perm('settings.manage'), bySession, outputInputSchema),
  route('PUT', '/api/outputs/:id', perm('settings.manage'), record('output'), outputInputSchema),
  route('DELETE', '/api/outputs/:id', perm('settings.manage'), record('output')),
  route('POST', '/api/outputs/:id/test', perm('settings.manage'), record('output')),
  route('GET', '/api/activity-logs', perm('activityLogs.read'), bySession),
  // The as-run log (issue 25): what reached each output, for those who put text on air.
  route('GET', '/api/as-run', perm('asRun.read'), bySession),
  route('GET', '/api/as-run/export.csv', perm('asRun.read'), bySession),
  // Stream Deck / Companion (issue 25): an API key's scope, never a session; the key's company only.
  route('GET', '/api/control/state', apiKeyScope('control.state'), bySession),
  route('POST', '/api/control/take', apiKeyScope('control.take'), bySession),
  // clear/emergency ends the emergency: it needs control.emergency instead, as DELETE /emergency (issue 37 point 7).
  route(
    'POST',
    '/api/control/clear/:type',
    apiKeyScope('control.clear', { param: 'type', value: 'emergency', scope: 'control.emergency' }),
    bySession,
  ),
  route('POST', '/api/control/crawler/next', apiKeyScope('control.crawler'), bySession),
  route('POST', '/api/control/crawler/previous', apiKeyScope('control.crawler'), bySession),
  route('POST', '/api/control/emergency', apiKeyScope('control.emergency'), bySession, controlEmergencySchema),
  route('DELETE', '/api/control/emergency', apiKeyScope('control.emergency'), bySession),
];

/**
 * Every API route the server serves, and the only place its rule is written: app.ts refuses to
 * start when the two disagree, then guards each route with its row's rule (guardRoutesFromTable).
 */
export const ROUTE_TABLE: readonly RouteEntry[] = [...NEWSROOM_ROUTES, ...EQUIPMENT_AND_ADMIN_ROUTES];

export const routeKey = (r: { method: string; path: string }) => `${r.method} ${r.path}`;

/**
 * Catch-alls that are middleware, not endpoints: the read-rate limiter on every GET under /api.
 * Anything outside /api (the web UI) is not an API route.
 */
const NOT_ENDPOINTS = new Set(['GET /api/{*splat}']);

/** The API, and the one page reached without a session by a key (the HTML overlay, issue 25). */
const isTableRoute = (path: string) => path.startsWith('/api/') || path.startsWith('/overlay/');

/**
 * The mounted routes against the table, both ways: a route without a row, or a row without a
 * route, is an error naming each one. Called by createApp, so such a server never starts.
 */
export function verifyRouteTable(mounted: readonly MountedRoute[], table: readonly RouteEntry[] = ROUTE_TABLE): void {
  const served = new Set(mounted.filter((r) => isTableRoute(r.path) && !NOT_ENDPOINTS.has(routeKey(r))).map(routeKey));
  const listed = new Set(table.map(routeKey));
  const duplicates = table.map(routeKey).filter((k, i, all) => all.indexOf(k) !== i);
  const missing = [...served].filter((k) => !listed.has(k));
  const stale = [...listed].filter((k) => !served.has(k));
  const problems = [
    ...missing.map((k) => `route ${k} is served but has no entry in server/route-table.ts`),
    ...stale.map((k) => `route table entry ${k} has no route`),
    ...duplicates.map((k) => `route table entry ${k} is listed twice`),
  ];
  if (problems.length) throw new Error(`Route table out of step with the server:\n${problems.join('\n')}`);
}

/**
 * Checks the mounted routes against the table, then puts each row's guard (lib/auth.ts guardFor)
 * in front of its route's handlers: the routers carry no permission check of their own, so the
 * rule a route enforces is the rule the table says (route-guards.test.ts).
 */
export function guardRoutesFromTable(
  app: Express,
  keyGuard: KeyGuard,
  table: readonly RouteEntry[] = ROUTE_TABLE,
): void {
  verifyRouteTable(mountedRoutes(app), table);
  const byKey = new Map(table.map((r) => [routeKey(r), r]));
  guardRoutes(app, (mounted) => {
    const entry = byKey.get(routeKey(mounted));
    return entry ? guardFor(entry.rule, keyGuard) : null;
  });
}
