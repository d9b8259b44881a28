import { useLiveStatus } from '@/lib/live';
import { registerLiveEvent, type LiveEventType } from '@/lib/live-registry';
import { anyPrompterContentQueryKey, promptersQueryKey } from './api/prompters';
import { applyReading, dropReading, resetReadings } from './reader/readings-store';

/**
 * Prompter list on prompter_updated/deleted; every open script at once when a bulletin or an
 * article changes (the issue: "immediately when the linked bulletin or its news changes"; the
 * reader keeps its place, see reader/reading-anchor.ts). Where each prompter is read now
 * (issue 38) is kept for the whole tab in reader/readings-store.ts, so a follower page opened
 * late starts at the operator's place; remote commands are heard by reader/follow-channel.ts.
 */
export function registerPrompterLiveEvents(): () => void {
  const off = [
    registerLiveEvent('prompter_updated', { invalidate: [promptersQueryKey, anyPrompterContentQueryKey] }),
    registerLiveEvent('prompter_deleted', { invalidate: [promptersQueryKey], handle: (data) => dropReading(data.id) }),
    registerLiveEvent('prompter_snapshot', { handle: (data) => resetReadings(data.positions) }),
    registerLiveEvent('prompter_position', { handle: applyReading }),
    registerLiveEvent('prompter_reader_left', { handle: (data) => dropReading(data.prompterId) }),
    ...(
      [
        'bulletin_created',
        'bulletin_updated',
        'bulletin_deleted',
        'news_created',
        'news_updated',
        'news_deleted',
      ] satisfies LiveEventType[]
    ).map((type) => registerLiveEvent(type, { invalidate: [anyPrompterContentQueryKey] })),
    // Disconnected, nobody knows who reads: forget it; the server's snapshot after the reconnect
    // (sent only when a prompter is being read) brings back what is true then.
    useLiveStatus.subscribe((status, before) => {
      if (!status.connected && before.connected) resetReadings([]);
    }),
  ];
  return () => off.forEach((unregister) => unregister());
}
