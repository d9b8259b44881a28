import { registerLiveEvent } from '@/lib/live-registry';
import { anyPrompterContentQueryKey, promptersQueryKey } from './api/prompters';

/**
 * Prompter list on prompter_updated/deleted; every open script at once when a bulletin or an
 * article changes (the issue: "immediately when the linked bulletin or its news changes"; the
 * reader keeps its place, see reader/reading-anchor.ts). Positions and commands of follower
 * screens are not cache events: reader/prompter-follow-channel.ts listens to them.
 */
export function registerPrompterLiveEvents(): () => void {
  const off = [
    registerLiveEvent('prompter_updated', { invalidate: [promptersQueryKey, anyPrompterContentQueryKey] }),
    registerLiveEvent('prompter_deleted', { invalidate: [promptersQueryKey] }),
    ...['bulletin_created', 'bulletin_updated', 'bulletin_deleted', 'news_created', 'news_updated', 'news_deleted'].map((type) =>
      registerLiveEvent(type, { invalidate: [anyPrompterContentQueryKey] }),
    ),
  ];
  return () => off.forEach((unregister) => unregister());
}
