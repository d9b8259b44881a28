import { PROMPTER_LIMITS, PROMPTER_PUBLISH_INTERVAL_MS } from '@shared/constants';
import type { PrompterCommand, PrompterPosition } from '@shared/contracts/prompters';
import { live } from '@/lib/live';
import { registerLiveEvent } from '@/lib/live-registry';
import { charPositionAt } from './reading-anchor';
import type { ReaderController } from './reader-controller';

/** What a follower receives: the operator's place as a character offset, plus play state. */
export type RelayedPosition = PrompterPosition & { from: { userId: number } };

function positionMessage(prompterId: number, controller: ReaderController): PrompterPosition {
  const { sections, boxes } = controller.layout;
  const { sectionIndex, speed, playing } = controller.state;
  const position = Math.min(PROMPTER_LIMITS.position, charPositionAt(sections, boxes, controller.scrollPosition));
  return { prompterId, position, sectionIndex, speed, playing };
}

/**
 * The operator's screen publishes where it reads: at once when a person moves it (a section
 * jump, a key, play/pause), at most every PROMPTER_PUBLISH_INTERVAL_MS while it plays. It is not
 * queued while offline: a follower wants the place now, not a backlog.
 */
export function publishReaderPosition(prompterId: number, controller: ReaderController, now: () => number = () => performance.now()): () => void {
  let lastSent = -Infinity;
  return controller.onMove((kind) => {
    const t = now();
    if (kind === 'tick' && t - lastSent < PROMPTER_PUBLISH_INTERVAL_MS) return;
    lastSent = t;
    live.send({ type: 'prompter_position', data: positionMessage(prompterId, controller) });
  });
}

/** The operator's screen obeys a remote's commands for its prompter (a phone on the camera). */
export function obeyRemoteCommands(prompterId: number, controller: ReaderController): () => void {
  return registerLiveEvent('prompter_command', {
    handle: (data) => {
      const command = data as PrompterCommand;
      if (command.prompterId === prompterId) controller.command(command.command);
    },
  });
}

export function onRelayedPosition(prompterId: number, listener: (position: RelayedPosition) => void): () => void {
  return registerLiveEvent('prompter_position', {
    handle: (data) => {
      const position = data as RelayedPosition;
      if (position.prompterId === prompterId) listener(position);
    },
  });
}

export function sendRemoteCommand(prompterId: number, command: PrompterCommand['command']): boolean {
  return live.send({ type: 'prompter_command', data: { prompterId, command } });
}
