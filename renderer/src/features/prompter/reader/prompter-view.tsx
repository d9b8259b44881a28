import { useEffect, useMemo } from 'react';
import { useStore } from 'zustand';
import type { Prompter } from '@shared/contracts/prompters';
import { can } from '@shared/roles';
import { useCurrentUser } from '@/lib/session-store';
import { usePrompterContent } from '../api/prompters';
import { EmbeddedReader } from './embedded-reader';
import { obeyRemoteCommands, publishReaderPosition } from './follow-channel';
import { FullScreenReader } from './full-screen-reader';
import { ReaderController } from './reader-controller';
import { clampSpeed } from './scroll-engine';
import { ScriptSurface } from './script-surface';
import { useAnimationFrames } from './use-animation-frames';
import { useLiveEdit } from './use-live-edit';
import { useReaderKeys } from './use-reader-keys';
import { useReaderSession } from './use-reader-session';
import { useSendSection } from './use-send-section';

export interface PrompterViewProps {
  prompter: Prompter;
  /** Full-screen reading (the page enters it when an item is clicked). */
  fullScreen: boolean;
  onFullScreenChange: (fullScreen: boolean) => void;
  /** The toolbar's Settings button (opens the Prompter Settings dialog; owner/admin only). */
  onOpenSettings?: () => void;
}

/**
 * The operator's reader: the selected view (embedded in the 700 px panel) and the full-screen
 * overlay share one controller, so the place, speed and lock carry over between them. It
 * publishes its place to follower screens and obeys remotes.
 */
export function PrompterView({ prompter, fullScreen, onFullScreenChange, onOpenSettings }: PrompterViewProps) {
  const controller = useMemo(() => new ReaderController(prompter), [prompter.id]); // eslint-disable-line react-hooks/exhaustive-deps
  const content = usePrompterContent(prompter.id);
  const playing = useStore(controller.store, (s) => s.playing);
  const actor = useCurrentUser();
  const editSection = useLiveEdit();
  const { send, pending } = useSendSection(controller);

  // Settings saved elsewhere (the dialog, another screen) apply to the running reader.
  useEffect(
    () => controller.store.setState({ speed: clampSpeed(prompter.scrollSpeed) }),
    [controller, prompter.scrollSpeed],
  );
  useEffect(
    () => controller.store.setState({ highContrast: prompter.isHighContrast }),
    [controller, prompter.isHighContrast],
  );
  useEffect(
    () => controller.store.setState({ liveEdit: prompter.enableLiveEditing }),
    [controller, prompter.enableLiveEditing],
  );
  useEffect(() => publishReaderPosition(prompter.id, controller), [prompter.id, controller]);
  useEffect(() => obeyRemoteCommands(prompter.id, controller), [prompter.id, controller]);
  useAnimationFrames(playing, (elapsed) => controller.tick(elapsed));
  useReaderKeys(controller, true, { sendToCg: send, exit: fullScreen ? () => onFullScreenChange(false) : undefined });
  useReaderSession(prompter.id, controller, fullScreen);

  const surface = (
    <ScriptSurface
      controller={controller}
      sections={content.data?.sections}
      appearance={prompter}
      emptyText={
        content.isPending ? 'Loading...' : content.isError ? 'Could not load the script' : 'No content available'
      }
      canLiveEdit={can(actor, 'news.manage')}
      onEditSection={editSection}
    />
  );
  if (fullScreen) {
    return (
      <FullScreenReader
        controller={controller}
        loading={content.isPending}
        sendPending={pending}
        onSendToCg={send}
        onExit={() => onFullScreenChange(false)}
      >
        {surface}
      </FullScreenReader>
    );
  }
  return (
    <EmbeddedReader
      prompter={prompter}
      controller={controller}
      onFullScreen={() => onFullScreenChange(true)}
      onOpenSettings={onOpenSettings}
    >
      {surface}
    </EmbeddedReader>
  );
}
