import { describe, expect, it } from 'vitest';
import { PAGE_ACCESS, pageAllowed, type MenuPage } from '../shared/page-access';
import { ROLES, type Principal } from '../shared/roles';
import { ROUTE_TABLE, routeKey } from './route-table';
import { allows } from './route-table-types';

/**
 * Issue 39 point 8: the menu's page table (shared/page-access.ts) against the server's route
 * table, role by role — a page is offered exactly when the server allows every route of its work.
 * (route-matrix.test.ts proves the route table is what the running server answers.)
 */
const PRINCIPALS: { name: string; who: Principal }[] = [
  ...ROLES.map((role) => ({ name: role, who: { role, roletype: 'user' as const } })),
  { name: 'owner (roletype dev)', who: { role: 'owner', roletype: 'dev' } },
];
const byKey = new Map(ROUTE_TABLE.map((r) => [routeKey(r), r]));
const pages = Object.keys(PAGE_ACCESS) as MenuPage[];

describe('menu pages against the server route table', () => {
  it('names only routes the server has', () => {
    for (const page of pages)
      for (const key of PAGE_ACCESS[page].routes) expect(byKey.has(key), `${page}: ${key}`).toBe(true);
  });

  describe.each(PRINCIPALS)('$name', ({ who }) => {
    it.each(pages)('%s is in the menu exactly when the server allows its routes', (page) => {
      // A page reads the caller's own records (Notifications: their own preferences).
      const serverAllows = PAGE_ACCESS[page].routes.every((key) => allows(byKey.get(key)!.rule, who, true));
      expect(pageAllowed(who, page)).toBe(serverAllows);
    });
  });
});
