import { useEffect, useMemo, useState } from 'react';
import { onRelayedPosition, type RelayedPosition } from './follow-channel';
import { FollowerMotion } from './follower-motion';
import { positionOfChar } from './reading-anchor';
import type { ReaderController } from './reader-controller';
import { useAnimationFrames } from './use-animation-frames';

/** The operator's last state as this follower knows it (for the remote's buttons). */
export interface OperatorState {
  playing: boolean;
  speed: number;
}

/**
 * Makes `controller` follow the operator's screen of `prompterId`: each relayed position sets the
 * goal; every frame glides toward where the operator is now, mapped onto this screen's layout.
 */
export function useFollow(prompterId: number, controller: ReaderController): OperatorState | null {
  const motion = useMemo(() => new FollowerMotion(), [prompterId]); // eslint-disable-line react-hooks/exhaustive-deps
  const [operator, setOperator] = useState<OperatorState | null>(null);

  useEffect(
    () =>
      onRelayedPosition(prompterId, (message: RelayedPosition) => {
        motion.receive(message.position, message.playing, performance.now());
        setOperator((prev) => (prev?.playing === message.playing && prev.speed === message.speed ? prev : { playing: message.playing, speed: message.speed }));
      }),
    [prompterId, motion],
  );

  useAnimationFrames(operator !== null, (elapsed, now) => {
    const chars = motion.predictedChar(now);
    if (chars === null) return;
    const { sections, boxes } = controller.layout;
    const goal = positionOfChar(sections, boxes, chars);
    const next = FollowerMotion.glide(controller.scrollPosition, goal, elapsed);
    if (Math.abs(next - controller.scrollPosition) > 0.01) controller.scrollTo(next);
  });
  return operator;
}
