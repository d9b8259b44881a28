import type { User } from '@shared/contracts/users';
import { ROLES, can, canAssignRole, type Role } from '@shared/roles';

/** Admins manage everyone but owners; owners manage everyone (server rule, mirrored here). */
export function canManageUser(actor: User, target: User): boolean {
  return can(actor, 'users.manage') && (target.role !== 'owner' || actor.role === 'owner');
}

/** Roles the actor may give; keeps the target's current role listed so the select stays valid. */
export function assignableRoles(actor: User, current?: Role): Role[] {
  return ROLES.filter((role) => canAssignRole(actor, role) || role === current);
}
