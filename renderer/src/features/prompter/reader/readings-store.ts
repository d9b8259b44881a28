import { createStore } from 'zustand/vanilla';
import type { RelayedPrompterPosition } from '@shared/contracts/prompters';

/** prompterId → where an operator's screen reads it now (absent: no screen reads it). */
export type Readings = Readonly<Record<number, RelayedPrompterPosition>>;

/**
 * Where each prompter of the station is read now, as the server says (issue 38, point 5). Kept for
 * the whole tab from the start, not by the follower page: a page opened later (a phone, a talent
 * monitor, or this tab navigating there) shows the operator's place at once instead of waiting
 * for the operator's next move. Filled by `prompter_snapshot` after each (re)connect, then kept
 * current by `prompter_position` / `prompter_reader_left` / `prompter_deleted`.
 */
export const readingsStore = createStore<{ readings: Readings }>(() => ({ readings: {} }));

export function resetReadings(positions: readonly RelayedPrompterPosition[]): void {
  readingsStore.setState({ readings: Object.fromEntries(positions.map((p) => [p.prompterId, p])) });
}

export function applyReading(position: RelayedPrompterPosition): void {
  readingsStore.setState(({ readings }) => ({ readings: { ...readings, [position.prompterId]: position } }));
}

export function dropReading(prompterId: number): void {
  if (!(prompterId in readingsStore.getState().readings)) return;
  readingsStore.setState(({ readings }) => {
    const { [prompterId]: _gone, ...rest } = readings;
    return { readings: rest };
  });
}

export const readingOf = (prompterId: number): RelayedPrompterPosition | null =>
  readingsStore.getState().readings[prompterId] ?? null;
