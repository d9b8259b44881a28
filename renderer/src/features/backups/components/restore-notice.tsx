import { ServerAwayNotice } from '@/components/server-away-notice';
import { useServerRestore } from '@/lib/live';

/** Every page of every station while the server restarts on a backup (issue 41). */
export function RestoreNotice() {
  const restoring = useServerRestore((s) => s.restoring);
  if (!restoring) return null;
  return (
    <ServerAwayNotice id="restore-notice" title="Restoring a backup">
      CG Bridge is going back to the backup of {new Date(restoring.createdAt).toLocaleString()}. It is back in a few
      seconds and this page reloads by itself. Anything not saved before now is not kept.
    </ServerAwayNotice>
  );
}
