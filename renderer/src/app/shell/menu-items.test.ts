import { describe, expect, it } from 'vitest';
import type { User } from '@shared/contracts/users';
import { PAGE_ACCESS, pageAllowed } from '@shared/page-access';
import { ROLES, type Role } from '@shared/roles';
import { MENU_ITEMS, visibleMenuItems } from './menu-items';

/**
 * Issue 39 point 8: the side menu shows what the server allows the role. Each entry's page is in
 * shared/page-access.ts (checked against the server's route table in server/page-access.test.ts)
 * and the menu shows it exactly when that table allows it.
 */
const userOf = (role: Role, roletype: User['roletype'] = 'user'): User =>
  ({ id: 1, username: role, fullName: role, role, roletype, companyId: 1 }) as User;

const labels = (role: Role) => visibleMenuItems(userOf(role)).map((i) => i.label);

describe('side menu by role', () => {
  it('every menu entry is a page of the shared page table', () => {
    for (const item of MENU_ITEMS) expect(Object.keys(PAGE_ACCESS), item.label).toContain(item.to);
  });

  it.each([...ROLES])(
    '%s: each entry shown is a page the server allows, each hidden one a page it does not',
    (role) => {
      const user = userOf(role);
      for (const item of MENU_ITEMS)
        expect(item.visible(user), `${role} · ${item.label}`).toBe(pageAllowed(user, item.to));
    },
  );

  it('MCR, technical and cameraman do not see Activity History', () => {
    for (const role of ['mcr', 'technical', 'cameraman'] as const)
      expect(labels(role), role).not.toContain('Activity History');
  });

  it('technical and cameraman do not see News Management or CG Control', () => {
    for (const role of ['technical', 'cameraman'] as const) {
      expect(labels(role), role).not.toContain('News Management');
      expect(labels(role), role).not.toContain('CG Control');
    }
  });

  it('a developer owner sees every entry', () => {
    expect(visibleMenuItems(userOf('owner', 'dev'))).toHaveLength(MENU_ITEMS.length);
  });
});
