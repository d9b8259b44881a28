import { PERMISSIONS, type Permission, type Role } from '@shared/roles';

const ROLE_NAMES: Record<Role, string> = {
  owner: 'owners',
  admin: 'admins',
  editor: 'editors',
  mcr: 'MCR operators',
  cameraman: 'cameramen',
  technical: 'technical staff',
  dev: 'developers',
};

/** 'owners, admins and technical staff' — who holds a permission, from the one matrix in shared/roles.ts. */
export function allowedRolesText(permission: Permission): string {
  const names = (PERMISSIONS[permission] as readonly Role[]).map((r) => ROLE_NAMES[r]);
  return names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}` : (names[0] ?? '');
}

/** Why a button is disabled for this user (issue 22): 'Only owners, admins and technical staff can add equipment.' */
export function onlyRolesCan(permission: Permission, action: string): string {
  return `Only ${allowedRolesText(permission)} can ${action}.`;
}
