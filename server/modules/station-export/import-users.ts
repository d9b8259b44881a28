import { randomBytes } from 'node:crypto';
import type { Q } from '../../db/store';
import { hashPassword } from '../auth/password';
import { UsersRepo } from '../users/users.repo';
import { ImportRefused } from './import-archive';
import type { StoredRow } from './import-rows';

/**
 * The station's people on the new store (docs/station-export.md "What is not in it"): the archive
 * holds no password, so every user gets a new one. The active owners get one-time passwords the
 * command prints once (as the first run prints its owner's); everyone else a random one nobody
 * knows, until an owner sets theirs under Users. Usernames are unique server-wide: a taken one
 * refuses the import, or takes the operator's --username-suffix.
 */
export interface UserPlan {
  /** By the user's id in the archive. */
  byOldId: Map<number, { username: string; passwordHash: string; roletype: string }>;
  ownerPasswords: Array<{ username: string; password: string }>;
  renamed: Array<{ from: string; to: string }>;
  /** roletype dev accounts made ordinary: the store holds other stations (a dev sees every station). */
  demoted: string[];
}

/** A deleted user's freed username names its own id ("name#deleted-12"): renamed after its new id. */
const DELETED = /#deleted-\d+$/;
export const deletedUsername = (username: string, newId: number) => username.replace(DELETED, `#deleted-${newId}`);

const isLiveOwner = (u: StoredRow) => u.role === 'owner' && u.is_active === 1 && u.deleted_at === null;

/** The usernames of `names` already in the store (case-insensitively, as sign-in compares them). */
export async function takenUsernames(q: Q, names: string[]): Promise<string[]> {
  const repo = new UsersRepo(q);
  const taken: string[] = [];
  for (const name of names) if (await repo.usernameTaken(name)) taken.push(name);
  return taken;
}

/** Live usernames to check: a deleted user's is renamed after its new id, which no one else holds. */
const checked = (u: StoredRow) => !(u.deleted_at !== null && DELETED.test(String(u.username)));

/**
 * Decides every user's username, roletype and password (the hashing happens here, outside the
 * store's write). `taken`: the store's usernames among the archive's; with a suffix those users are
 * renamed, and a name still taken (or clashing inside the archive) refuses the import.
 */
export async function planUsers(
  users: StoredRow[],
  options: { taken: string[]; usernameSuffix?: string; keepDev: boolean },
): Promise<UserPlan> {
  if (!users.some(isLiveOwner))
    throw new ImportRefused('The archive has no active owner: nobody could sign in to the imported station');
  const taken = new Set(options.taken.map((n) => n.toLowerCase()));
  if (taken.size && !options.usernameSuffix)
    throw new ImportRefused(
      `Usernames are unique on a server, and these are taken here: ${options.taken.join(', ')}. Import with --username-suffix <text> (e.g. --username-suffix -sun) to rename them`,
    );
  const plan: UserPlan = { byOldId: new Map(), ownerPasswords: [], renamed: [], demoted: [] };
  const seen = new Set<string>();
  for (const user of users) {
    const from = String(user.username);
    const username = checked(user) && taken.has(from.toLowerCase()) ? `${from}${options.usernameSuffix}` : from;
    if (username !== from) plan.renamed.push({ from, to: username });
    if (checked(user) && seen.has(username.toLowerCase()))
      throw new ImportRefused(`Two users would both be named ${username}: choose another --username-suffix`);
    seen.add(username.toLowerCase());
    const roletype = user.roletype === 'dev' && !options.keepDev ? 'user' : String(user.roletype);
    if (roletype !== user.roletype) plan.demoted.push(username);
    const password = randomBytes(isLiveOwner(user) ? 12 : 32).toString('base64url');
    if (isLiveOwner(user)) plan.ownerPasswords.push({ username, password });
    plan.byOldId.set(Number(user.id), { username, roletype, passwordHash: await hashPassword(password) });
  }
  return plan;
}

/** The names `planUsers` checks against the store (after a suffix: the renamed ones). */
export function usernamesToCheck(users: StoredRow[], plan?: UserPlan): string[] {
  return users.filter(checked).map((u) => plan?.byOldId.get(Number(u.id))?.username ?? String(u.username));
}
