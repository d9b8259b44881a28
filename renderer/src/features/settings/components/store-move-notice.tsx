import { ServerAwayNotice } from '@/components/server-away-notice';
import { useServerRestore } from '@/lib/live';

/** Every page of every station while the server moves its data to PostgreSQL (issue 42). */
export function StoreMoveNotice() {
  const moving = useServerRestore((s) => s.moving);
  if (!moving) return null;
  return (
    <ServerAwayNotice id="store-move-notice" title="Moving the data to PostgreSQL">
      CG Bridge is copying every station to {moving.to} and checking the copy. Nothing can be saved until it is back;
      this page then reloads by itself. Text not saved before now is not kept.
    </ServerAwayNotice>
  );
}
