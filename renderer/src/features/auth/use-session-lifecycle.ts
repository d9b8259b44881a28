import { useEffect } from 'react';
import { userSchema } from '@shared/contracts/users';
import { live } from '@/lib/live';
import { registerLiveEvent } from '@/lib/live-registry';
import { onUnauthorized, queryClient } from '@/lib/query-client';
import { useMe } from './api/get-me';
import { useSession } from '@/lib/session-store';

function endSession(): void {
  useSession.getState().clear();
  // Another user may sign in next on this machine: never show them cached data.
  queryClient.clear();
}

/**
 * Keeps the session honest: resolves a token without a stored user, ends the session on any
 * 401 or a refused live channel, opens the live channel while signed in, and keeps the
 * stored user current when an admin changes it.
 */
export function useSessionLifecycle(): void {
  const status = useSession((s) => s.status);
  const token = useSession((s) => s.token);
  const userId = useSession((s) => s.user?.id);
  const me = useMe(status === 'checking');

  useEffect(() => {
    if (status !== 'checking') return;
    if (me.data) useSession.getState().setUser(me.data);
    if (me.error) {
      console.error('Identity check failed', me.error);
      endSession();
    }
  }, [status, me.data, me.error]);

  useEffect(() => onUnauthorized(endSession), []);

  useEffect(() => {
    if (status !== 'authenticated' || !token || userId === undefined) return;
    live.connect({ userId, token, onUnauthorized: endSession });
    return () => live.disconnect();
  }, [status, token, userId]);

  useEffect(() => registerLiveEvent('user_updated', { handle: refreshOwnUser }), []);
}

function refreshOwnUser(data: unknown): void {
  const payload = data as { user?: unknown; change?: string } | null;
  const parsed = userSchema.safeParse(payload?.user);
  const current = useSession.getState().user;
  if (!parsed.success || !current || parsed.data.id !== current.id || payload?.change === 'deleted') return;
  useSession.getState().setUser(parsed.data);
}

export { endSession };
