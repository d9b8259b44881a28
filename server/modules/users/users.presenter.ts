import type { User } from '../../../shared/contracts/users';
import type { Role, Roletype } from '../../../shared/roles';
import type { UserRow } from '../../db/schema';

/** The only way a user row leaves the server: no password hash, no deletion marker. */
export function presentUser(row: UserRow): User {
  return {
    id: row.id,
    username: row.username,
    fullName: row.fullName,
    name: row.fullName,
    email: row.email,
    role: row.role as Role,
    roletype: row.roletype as Roletype,
    companyId: row.companyId,
    isActive: row.isActive,
    telegramId: row.telegramId,
    lastLogin: row.lastLogin,
    createdAt: row.createdAt,
    version: row.version,
  };
}

/** Colleagues see names and roles only (for "created by" lookups); contact data is for managers. */
export function presentColleague(row: UserRow): User {
  return { ...presentUser(row), email: null, telegramId: null, lastLogin: null };
}
