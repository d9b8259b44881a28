import { useEffect, useMemo, useState } from 'react';
import type { RelayedPrompterPosition } from '@shared/contracts/prompters';
import { FollowerMotion } from './follower-motion';
import { positionOfChar } from './reading-anchor';
import type { ReaderController } from './reader-controller';
import { readingOf, readingsStore } from './readings-store';
import { useAnimationFrames } from './use-animation-frames';

/** The operator's last state as this follower knows it (for the remote's buttons). */
export interface OperatorState {
  playing: boolean;
  speed: number;
  /** Whose screen it is (the name the server took from that screen's session). */
  reader: string;
}

const stateOf = (p: RelayedPrompterPosition): OperatorState => ({
  playing: p.playing,
  speed: p.speed,
  reader: p.from.fullName,
});
const same = (a: OperatorState | null, b: OperatorState) =>
  a?.playing === b.playing && a.speed === b.speed && a.reader === b.reader;

/**
 * Makes `controller` follow the operator's screen of `prompterId`: the place the server last had
 * (issue 38: at once, even when the page opens after the operator stopped moving), then each
 * relayed position, set the goal; every frame glides toward where the operator is now, mapped onto
 * this screen's layout. Null while no screen reads the prompter (the follower keeps its place).
 */
export function useFollow(prompterId: number, controller: ReaderController): OperatorState | null {
  const motion = useMemo(() => new FollowerMotion(), [prompterId]); // eslint-disable-line react-hooks/exhaustive-deps
  const [operator, setOperator] = useState<OperatorState | null>(null);

  useEffect(() => {
    let last: RelayedPrompterPosition | null = null;
    const follow = (reading: RelayedPrompterPosition | null) => {
      if (reading === last) return;
      last = reading;
      if (!reading) return setOperator(null);
      motion.receive(reading.position, reading.playing, performance.now());
      const next = stateOf(reading);
      setOperator((prev) => (same(prev, next) ? prev : next));
    };
    follow(readingOf(prompterId));
    return readingsStore.subscribe(() => follow(readingOf(prompterId)));
  }, [prompterId, motion]);

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
