import { createStore, type StoreApi } from 'zustand/vanilla';
import { PROMPTER_LIMITS, PROMPTER_MANUAL_SCROLL_STEP_PX, type PROMPTER_COMMANDS } from '@shared/constants';
import type { Prompter, PrompterSection } from '@shared/contracts/prompters';
import { anchorAt, positionOfAnchor } from './reading-anchor';
import { advance, clampPosition, clampSpeed, sectionIndexAt, stepSpeed, type SectionBox } from './scroll-engine';

/** Prompter reading (docs/product.md §States): what the toolbar, the overlay and the keys show and change. */
export interface ReaderState {
  playing: boolean;
  speed: number;
  mirrored: boolean;
  locked: boolean;
  highContrast: boolean;
  liveEdit: boolean;
  findOpen: boolean;
  sectionIndex: number;
  sectionCount: number;
}

export type ReaderCommand = (typeof PROMPTER_COMMANDS)[number];
/** 'tick': moved by playing (followers extrapolate); 'jump': moved by a person (followers snap). */
export type MoveKind = 'tick' | 'jump';

export interface ReaderAction {
  type: string;
  at: string;
  detail?: string;
}

/**
 * One reader: the scroll position (a plain number, changed every frame without React) and the
 * reading state (a small store, changed by people). The embedded view and the full-screen
 * overlay share one controller, so entering full screen keeps the place.
 */
export class ReaderController {
  readonly store: StoreApi<ReaderState>;
  private position = 0;
  private max = 0;
  private sections: readonly PrompterSection[] = [];
  private boxes: readonly SectionBox[] = [];
  private readonly actions: ReaderAction[] = [];
  private readonly moveListeners = new Set<(kind: MoveKind) => void>();

  constructor(prompter: Pick<Prompter, 'scrollSpeed' | 'isHighContrast' | 'enableLiveEditing' | 'isAutoScroll'>) {
    this.store = createStore<ReaderState>(() => ({
      playing: false,
      speed: clampSpeed(prompter.scrollSpeed),
      mirrored: false,
      locked: false,
      highContrast: prompter.isHighContrast,
      liveEdit: prompter.enableLiveEditing,
      findOpen: false,
      sectionIndex: 0,
      sectionCount: 0,
    }));
  }

  get state(): ReaderState {
    return this.store.getState();
  }

  get scrollPosition(): number {
    return this.position;
  }

  get layout(): { sections: readonly PrompterSection[]; boxes: readonly SectionBox[] } {
    return { sections: this.sections, boxes: this.boxes };
  }

  onMove(listener: (kind: MoveKind) => void): () => void {
    this.moveListeners.add(listener);
    return () => this.moveListeners.delete(listener);
  }

  /** New script or new layout (resize, font, refresh): stay on the same section and line. */
  setLayout(sections: readonly PrompterSection[], boxes: readonly SectionBox[], max: number): void {
    const anchor = anchorAt(this.sections, this.boxes, this.position);
    this.sections = sections;
    this.boxes = boxes;
    this.max = max;
    this.position = clampPosition(anchor ? positionOfAnchor(anchor, sections, boxes) : this.position, max);
    this.store.setState({ sectionCount: sections.length });
    this.afterMove('jump');
  }

  /** One animation frame: moves only while playing and not locked. */
  tick(elapsedMs: number): boolean {
    const { playing, locked, speed } = this.state;
    if (!playing || locked) return false;
    const next = advance(this.position, elapsedMs, speed, this.max);
    if (next === this.position) {
      if (this.position >= this.max && this.max > 0) this.pause('end'); // the script ran out
      return false;
    }
    this.position = next;
    this.afterMove('tick');
    return true;
  }

  play(): void {
    if (this.state.playing) return;
    this.store.setState({ playing: true });
    this.log('play');
    this.afterMove('jump');
  }

  pause(detail?: string): void {
    if (!this.state.playing) return;
    this.store.setState({ playing: false });
    this.log('pause', detail);
    this.afterMove('jump');
  }

  togglePlay(): void {
    if (this.state.playing) this.pause();
    else this.play();
  }

  changeSpeed(direction: 'faster' | 'slower'): void {
    this.store.setState({ speed: stepSpeed(this.state.speed, direction) });
    this.afterMove('jump');
  }

  /** Reset: back to the start and stopped; full screen's Reset also clears the lock. */
  reset(clearLock: boolean): void {
    this.position = 0;
    this.store.setState({ playing: false, ...(clearLock ? { locked: false } : {}) });
    this.log('reset');
    this.afterMove('jump');
  }

  /** Manual scroll (arrows, toolbar, wheel). Locked: it moves the locked position. */
  scrollBy(px: number): void {
    this.position = clampPosition(this.position + px, this.max);
    this.afterMove('jump');
  }

  scrollStep(direction: 1 | -1): void {
    this.scrollBy(direction * PROMPTER_MANUAL_SCROLL_STEP_PX);
  }

  scrollTo(position: number): void {
    this.position = clampPosition(position, this.max);
    this.afterMove('jump');
  }

  /** Previous/next section: jumps to its start and pauses; nothing at the ends. */
  goToSection(index: number): void {
    const box = this.boxes[index];
    if (!box) return;
    this.position = clampPosition(box.top, this.max);
    this.store.setState({ playing: false });
    this.log('section', String(index + 1));
    this.afterMove('jump');
  }

  next(): void {
    if (this.canGo(1)) this.goToSection(this.state.sectionIndex + 1);
  }

  previous(): void {
    if (this.canGo(-1)) this.goToSection(this.state.sectionIndex - 1);
  }

  canGo(direction: 1 | -1): boolean {
    const target = this.state.sectionIndex + direction;
    return target >= 0 && target < this.state.sectionCount;
  }

  toggleLock(): void {
    this.store.setState({ locked: !this.state.locked });
    this.log(this.state.locked ? 'lock' : 'unlock');
  }

  unlock(): void {
    if (this.state.locked) this.toggleLock();
  }

  toggle(key: 'mirrored' | 'highContrast' | 'liveEdit' | 'findOpen'): void {
    this.store.setState({ [key]: !this.state[key] } as Pick<ReaderState, typeof key>);
  }

  setFindOpen(findOpen: boolean): void {
    this.store.setState({ findOpen });
  }

  /** A remote's command (a phone on the live channel). */
  command(command: ReaderCommand): void {
    if (command === 'play') this.play();
    else if (command === 'pause') this.pause('remote');
    else if (command === 'speed_up') this.changeSpeed('faster');
    else if (command === 'speed_down') this.changeSpeed('slower');
    else if (command === 'next') this.next();
    else this.previous();
  }

  currentSection(): PrompterSection | null {
    return this.sections[this.state.sectionIndex] ?? null;
  }

  /** What the reader did, for the session record (bounded as the server bounds it). */
  log(type: string, detail?: string): void {
    if (this.actions.length >= PROMPTER_LIMITS.sessionActions) return;
    this.actions.push({ type, at: new Date().toISOString(), ...(detail ? { detail: detail.slice(0, 200) } : {}) });
  }

  takeActions(): ReaderAction[] {
    return this.actions.splice(0);
  }

  private afterMove(kind: MoveKind): void {
    const sectionIndex = this.boxes.length ? sectionIndexAt(this.boxes, this.position) : 0;
    if (sectionIndex !== this.state.sectionIndex) this.store.setState({ sectionIndex });
    for (const listener of this.moveListeners) listener(kind);
  }
}
