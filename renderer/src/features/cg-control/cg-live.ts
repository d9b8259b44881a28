import type { CgFile, CgFileUpdatedEvent } from '@shared/contracts/cg-files';
import { registerLiveEvent, type LiveEventType } from '@/lib/live-registry';
import { queryClient } from '@/lib/query-client';
import { cgFilesQueryKey } from '@/lib/api/cg/get-cg-files';
import { cgNextQueryKey } from '@/lib/api/cg/get-cg-next';
import { bulletinsQueryKey } from '@/lib/api/bulletins/get-bulletins';
import { noteCgWriteSuccess, reportCgWriteFailure } from '@/lib/cg/cg-write-failure-store';
import { noteLiveEmergency } from '@/lib/cg/emergency-state';

/**
 * Patches the cached text the moment the event arrives, so every screen's on-air preview follows
 * within milliseconds; the shell's refetch 300 ms later brings the full rows (new files too).
 */
function patchCgCache(data: CgFileUpdatedEvent): void {
  if (data.type === 'emergency') noteLiveEmergency(data.deleted ? '' : data.content);
  queryClient.setQueryData<CgFile[]>(cgFilesQueryKey, (old) => {
    if (!old) return old;
    if (data.deleted) return old.filter((f) => f.type !== data.type);
    return old.map((f) => (f.type === data.type ? { ...f, content: data.content, updatedAt: data.updatedAt } : f));
  });
  if (!data.deleted) noteCgWriteSuccess(data.type);
}

export function registerCgLiveEvents(): () => void {
  const off = [
    registerLiveEvent('cg_file_updated', { handle: patchCgCache }),
    // Every desk's NEXT follows at once (issue 25): the event carries the whole slot.
    registerLiveEvent('cg_next_updated', { handle: (data) => queryClient.setQueryData(cgNextQueryKey, data) }),
    registerLiveEvent('cg_write_failed', { handle: reportCgWriteFailure }),
    // A CG folder move changes where every file is (issue 39: the file centre shows the real folder).
    registerLiveEvent('settings_updated', { invalidate: [cgFilesQueryKey] }),
    // A bulletin shows each story's current status: a story unapproved elsewhere must leave it.
    ...(['news_created', 'news_updated', 'news_deleted'] satisfies LiveEventType[]).map((type) =>
      registerLiveEvent(type, { invalidate: [bulletinsQueryKey] }),
    ),
  ];
  return () => off.forEach((unregister) => unregister());
}
