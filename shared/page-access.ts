import { can, isDev, type Permission, type Principal } from './roles';

/**
 * Issue 39 point 8: who may use each page of the side menu, and the API routes that page's work
 * needs. The menu (renderer/src/app/shell/menu-items.ts) shows a page only when `pageAllowed`;
 * server/page-access.test.ts checks, role by role, that a page is allowed exactly when the
 * server's route table allows every one of its `routes` — so the menu cannot offer a page the
 * server refuses, nor hide one the role can use, without a test failing.
 *
 * A page's `routes` are its work, not only its first read: News lists stories for everyone signed
 * in, but the page is for writing them (POST /api/news), so a cameraman does not get it in his menu.
 */
export type PageRule =
  | { kind: 'signedIn' }
  | { kind: 'permission'; permission: Permission }
  /** Backups (issue 41): a station's owner or a developer account. */
  | { kind: 'ownerOrDev' }
  /** App Version: developer accounts. */
  | { kind: 'dev' };

export interface PageAccess {
  rule: PageRule;
  /** `METHOD /api/path` as the server's route table spells it. */
  routes: readonly string[];
}

const signedIn: PageRule = { kind: 'signedIn' };
const perm = (permission: Permission): PageRule => ({ kind: 'permission', permission });

export const PAGE_ACCESS = {
  '/dashboard': { rule: signedIn, routes: ['GET /api/dashboard/stats'] },
  '/news': { rule: perm('news.create'), routes: ['GET /api/news', 'POST /api/news'] },
  '/wires': { rule: perm('news.create'), routes: ['GET /api/wires', 'POST /api/wires/:id/make-story'] },
  '/cg-control': { rule: perm('cg.write'), routes: ['GET /api/cg-files', 'POST /api/cg-files/update-direct'] },
  '/bulletins': { rule: signedIn, routes: ['GET /api/bulletins'] },
  '/prompter': { rule: signedIn, routes: ['GET /api/prompters'] },
  '/equipment': { rule: signedIn, routes: ['GET /api/equipment'] },
  '/activity-logs': { rule: perm('activityLogs.read'), routes: ['GET /api/activity-logs'] },
  '/as-run': { rule: perm('asRun.read'), routes: ['GET /api/as-run'] },
  '/telegram': { rule: signedIn, routes: ['GET /api/telegram/test'] },
  '/google-sheets': { rule: signedIn, routes: ['GET /api/google-sheets/test'] },
  '/users': { rule: signedIn, routes: ['GET /api/users'] },
  '/notifications': { rule: signedIn, routes: ['GET /api/notification-preferences/:userId'] },
  '/recycle-bin': { rule: perm('recycleBin.manage'), routes: ['GET /api/news/recycle-bin'] },
  '/settings': { rule: signedIn, routes: ['GET /api/settings/branding', 'GET /api/settings/time-zone'] },
  '/backups': { rule: { kind: 'ownerOrDev' }, routes: ['GET /api/backups'] },
  '/outputs': { rule: perm('settings.manage'), routes: ['GET /api/outputs/overlay'] },
  '/app-version': { rule: { kind: 'dev' }, routes: ['GET /api/app-versions/all'] },
} as const satisfies Record<string, PageAccess>;

export type MenuPage = keyof typeof PAGE_ACCESS;

export function pageRuleAllows(rule: PageRule, user: Principal | null | undefined): boolean {
  if (!user) return false;
  switch (rule.kind) {
    case 'signedIn':
      return true;
    case 'permission':
      return can(user, rule.permission);
    case 'ownerOrDev':
      return user.role === 'owner' || isDev(user);
    case 'dev':
      return isDev(user);
  }
}

/** Whether the menu offers `page` to `user` (the server allows the page's work). */
export function pageAllowed(user: Principal | null | undefined, page: MenuPage): boolean {
  return pageRuleAllows(PAGE_ACCESS[page].rule, user);
}
