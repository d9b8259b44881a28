import { registerLiveEvent } from '@/lib/live-registry';
import { usersQueryKey } from '@/lib/api/users/get-users';

/** Another admin's change (or our own, from another tab) refreshes the users table. */
export function registerUsersLiveEvents(): () => void {
  return registerLiveEvent('user_updated', { invalidate: [usersQueryKey] });
}
