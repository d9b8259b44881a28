/**
 * A synchronous latch: the first caller gets in, every later caller is refused until it is
 * released. React state cannot do this: a double-click or Enter+click delivers both events
 * before the re-render that would disable the button.
 */
export interface InFlightGuard {
  /** True when the caller may start; the guard is then held until release(). */
  tryEnter(): boolean;
  release(): void;
  readonly busy: boolean;
}

export function createInFlightGuard(): InFlightGuard {
  let busy = false;
  return {
    tryEnter() {
      if (busy) return false;
      busy = true;
      return true;
    },
    release() {
      busy = false;
    },
    get busy() {
      return busy;
    },
  };
}

/** mutateAsync called while the same action is still in flight. */
export class ActionInFlightError extends Error {
  constructor() {
    super('Already sending: wait for the answer.');
    this.name = 'ActionInFlightError';
  }
}
