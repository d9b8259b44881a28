import type { Bulletin } from '@shared/contracts/bulletins';
import type { User } from '@shared/contracts/users';

/**
 * The spec's user lookup text (001 §2): the name; 'User {id}' when the users list is known but
 * has no such user (deleted); 'ID: {id}' when this role cannot read the users list.
 */
export function userLookupText(
  id: number | null,
  knownName: string | null,
  users: readonly User[] | undefined,
): string {
  if (knownName) return knownName;
  if (id === null) return '—';
  if (!users) return `ID: ${id}`;
  const found = users.find((u) => u.id === id);
  return found?.fullName || found?.username || `User ${id}`;
}

export const STATUS_COLORS: Record<Bulletin['status'], string> = {
  draft: 'gray',
  ready: 'blue',
  published: 'green',
  breaking: 'red',
  local_break: 'orange',
  live: 'red',
  archived: 'dark',
};

export function formatWhen(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : d.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}
