import type { CgFile, CgFileUpdatedEvent } from '@shared/contracts/cg-files';
import { registerLiveEvent } from '@/lib/live-registry';
import { queryClient } from '@/lib/query-client';
import type { CgNext } from '@shared/contracts/cg-next';
import { cgFilesQueryKey } from './api/get-cg-files';
import { cgNextQueryKey } from './api/get-cg-next';
import { bulletinsQueryKey } from './api/get-bulletins';
import { noteCgWriteSuccess, reportCgWriteFailure } from './cg-write-failure-store';
import { noteLiveEmergency } from './emergency-state';

function isCgEvent(data: unknown): data is CgFileUpdatedEvent {
  return typeof data === 'object' && data !== null && 'type' in data && 'content' in data && typeof data.content === 'string';
}

/**
 * Patches the cached text the moment the event arrives, so every screen's on-air preview follows
 * within milliseconds; the shell's refetch 300 ms later brings the full rows (new files too).
 */
function patchCgCache(data: unknown): void {
  if (!isCgEvent(data)) return;
  if (data.type === 'emergency') noteLiveEmergency(data.deleted ? '' : data.content);
  queryClient.setQueryData<CgFile[]>(cgFilesQueryKey, (old) => {
    if (!old) return old;
    if (data.deleted) return old.filter((f) => f.type !== data.type);
    return old.map((f) => (f.type === data.type ? { ...f, content: data.content, updatedAt: data.updatedAt } : f));
  });
  if (!data.deleted) noteCgWriteSuccess(data.type);
}

function isWriteFailure(data: unknown): data is { types: string[]; message: string } {
  return typeof data === 'object' && data !== null && 'message' in data && typeof data.message === 'string' && 'types' in data && Array.isArray(data.types);
}

export function registerCgLiveEvents(): () => void {
  const off = [
    registerLiveEvent('cg_file_updated', { handle: patchCgCache }),
    // Every desk's NEXT follows at once (issue 25): the event carries the whole slot.
    registerLiveEvent('cg_next_updated', { handle: (data) => queryClient.setQueryData<CgNext>(cgNextQueryKey, data as CgNext) }),
    registerLiveEvent('cg_write_failed', {
      handle: (data) => {
        if (isWriteFailure(data)) reportCgWriteFailure(data);
      },
    }),
    // A CG folder move changes where every file is (issue 39: the file centre shows the real folder).
    registerLiveEvent('settings_updated', { invalidate: [cgFilesQueryKey] }),
    // A bulletin shows each story's current status: a story unapproved elsewhere must leave it.
    ...['news_created', 'news_updated', 'news_deleted'].map((type) => registerLiveEvent(type, { invalidate: [bulletinsQueryKey] })),
  ];
  return () => off.forEach((unregister) => unregister());
}
