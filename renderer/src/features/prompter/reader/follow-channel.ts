import { PROMPTER_LIMITS, PROMPTER_PUBLISH_INTERVAL_MS } from '@shared/constants';
import type { PrompterCommand, PrompterPosition } from '@shared/contracts/prompters';
import { live, useLiveStatus } from '@/lib/live';
import { registerLiveEvent } from '@/lib/live-registry';
import { charPositionAt } from './reading-anchor';
import type { ReaderController } from './reader-controller';

function positionMessage(prompterId: number, controller: ReaderController): PrompterPosition {
  const { sections, boxes } = controller.layout;
  const { sectionIndex, speed, playing } = controller.state;
  const position = Math.min(PROMPTER_LIMITS.position, charPositionAt(sections, boxes, controller.scrollPosition));
  return { prompterId, position, sectionIndex, speed, playing };
}

/**
 * The operator's screen publishes where it reads: at once when a person moves it (a section
 * jump, a key, play/pause), at most every PROMPTER_PUBLISH_INTERVAL_MS while it plays. It is not
 * queued while offline: a follower wants the place now, not a backlog. After each (re)connect it
 * publishes at once: the server forgot this screen with its old socket (issue 38), and a paused
 * operator would otherwise not be known as the reader until the next move.
 */
export function publishReaderPosition(
  prompterId: number,
  controller: ReaderController,
  now: () => number = () => performance.now(),
): () => void {
  let lastSent = -Infinity;
  const publish = () => live.send({ type: 'prompter_position', data: positionMessage(prompterId, controller) });
  const offMove = controller.onMove((kind) => {
    const t = now();
    if (kind === 'tick' && t - lastSent < PROMPTER_PUBLISH_INTERVAL_MS) return;
    lastSent = t;
    publish();
  });
  const offStatus = useLiveStatus.subscribe((status, before) => {
    if (status.connected && !before.connected) publish();
  });
  return () => {
    offMove();
    offStatus();
  };
}

/** The operator's screen obeys a remote's commands for its prompter (a phone on the camera). */
export function obeyRemoteCommands(prompterId: number, controller: ReaderController): () => void {
  return registerLiveEvent('prompter_command', {
    handle: (command) => {
      if (command.prompterId === prompterId) controller.command(command.command);
    },
  });
}

export function sendRemoteCommand(prompterId: number, command: PrompterCommand['command']): boolean {
  return live.send({ type: 'prompter_command', data: { prompterId, command } });
}
