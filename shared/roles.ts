/**
 * Roles and the permission matrix (docs/design-rules.md §5). Used by the server to enforce and by the
 * renderer to hide what the server would refuse — one table, two readers.
 */
export const ROLES = ['owner', 'admin', 'editor', 'mcr', 'cameraman', 'technical', 'dev'] as const;
export type Role = (typeof ROLES)[number];

/** roletype 'dev' unlocks the App Version page and cross-company actions. */
export const ROLETYPES = ['user', 'dev'] as const;
export type Roletype = (typeof ROLETYPES)[number];

export const PERMISSIONS = {
  'news.create': ['owner', 'admin', 'editor', 'mcr', 'dev'],
  'news.manage': ['owner', 'admin', 'editor'],
  'recycleBin.manage': ['owner', 'admin'],
  'cg.write': ['owner', 'admin', 'editor', 'mcr', 'dev'],
  'bulletins.manage': ['owner', 'admin', 'editor', 'mcr'],
  'prompters.manage': ['owner', 'admin'],
  'equipment.manage': ['owner', 'admin', 'technical'],
  'equipmentRequests.approve': ['owner', 'admin'],
  'users.manage': ['owner', 'admin'],
  'settings.manage': ['owner', 'admin'],
  'activityLogs.read': ['owner', 'admin'],
  /** The as-run log (issue 25): whoever may put text on air may read what aired. */
  'asRun.read': ['owner', 'admin', 'editor', 'mcr', 'dev'],
} as const satisfies Record<string, readonly Role[]>;

export type Permission = keyof typeof PERMISSIONS;

export interface Principal {
  role: Role;
  roletype: Roletype;
}

export function can(user: Principal | null | undefined, permission: Permission): boolean {
  if (!user) return false;
  return (PERMISSIONS[permission] as readonly Role[]).includes(user.role);
}

export function isDev(user: Principal | null | undefined): boolean {
  return user?.roletype === 'dev';
}

/** Only an owner may create, promote to or change an owner; admins manage everyone else. */
export function canAssignRole(actor: Principal, role: Role): boolean {
  if (!can(actor, 'users.manage')) return false;
  return role !== 'owner' || actor.role === 'owner';
}
