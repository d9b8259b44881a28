/**
 * The crawler as a constant-speed ticker (issue 25). One strip of items moves by transform only
 * (compositor work, no layout per frame). Items are appended at the tail as room opens and
 * removed at the head once fully out, subtracting their exact width from the offset — so new
 * lines join the run without the strip ever jumping, and the speed is px per real second.
 */
export type TickerDirection = 'ltr' | 'rtl';

interface Item {
  el: HTMLElement;
  width: number;
}

/** A frame longer than this (a hidden tab, a stalled machine) moves the strip this far only. */
const MAX_STEP_MS = 100;
/** Keep this much strip queued beyond the visible width, so an append never shows. */
const LOOKAHEAD_PX = 400;

export class Ticker {
  private lines: string[] = [];
  /** Index in `lines` of the next line to append. */
  private next = 0;
  private lastAppended: string | null = null;
  private items: Item[] = [];
  private queuedWidth = 0;
  private offset = 0;
  private lastTime: number | null = null;
  private frame = 0;
  private speed = 120;
  private direction: TickerDirection = 'ltr';

  constructor(
    private readonly viewport: HTMLElement,
    private readonly track: HTMLElement,
  ) {
    // Widths change when a font finishes loading: measure again so removals stay exact.
    document.fonts.addEventListener('loadingdone', () => this.remeasure());
  }

  setSpeed(pxPerSecond: number): void {
    this.speed = pxPerSecond;
  }

  /**
   * New crawler lines. What is on screen keeps moving; the run continues after the last line shown
   * (where it is still in the list), else from the first. No lines: the strip empties at once.
   */
  setLines(lines: string[]): void {
    const kept = lines.filter((l) => l.trim() !== '');
    const direction = majorityDirection(kept);
    // A change of reading direction restarts the strip from its edge (the text would run backwards).
    if (!kept.length || direction !== this.direction) this.clear();
    this.lines = kept;
    this.direction = direction;
    this.track.dataset.direction = direction;
    if (!kept.length) return;
    const at = this.lastAppended === null ? -1 : kept.indexOf(this.lastAppended);
    this.next = at >= 0 ? (at + 1) % kept.length : 0;
    this.fill();
    this.render();
    this.start();
  }

  get currentDirection(): TickerDirection {
    return this.direction;
  }

  private clear(): void {
    for (const item of this.items) item.el.remove();
    this.items = [];
    this.queuedWidth = 0;
    this.offset = 0;
    this.lastAppended = null;
    this.render();
    this.stop();
  }

  private start(): void {
    if (this.frame || !this.lines.length) return;
    this.lastTime = null;
    this.frame = requestAnimationFrame((t) => this.tick(t));
  }

  private stop(): void {
    if (this.frame) cancelAnimationFrame(this.frame);
    this.frame = 0;
  }

  private tick(time: number): void {
    const step = this.lastTime === null ? 0 : Math.min(time - this.lastTime, MAX_STEP_MS);
    this.lastTime = time;
    this.offset += (this.speed * step) / 1000;
    this.dropPassed();
    this.fill();
    this.render();
    this.frame = this.lines.length ? requestAnimationFrame((t) => this.tick(t)) : 0;
  }

  /** The strip starts just outside the entry edge; the offset is how far it has travelled. */
  private render(): void {
    const x = this.direction === 'ltr' ? -this.offset : this.offset;
    this.track.style.transform = `translate3d(${x.toFixed(2)}px, 0, 0)`;
  }

  /** An item wholly past the exit edge leaves; the offset drops by exactly its width. */
  private dropPassed(): void {
    const exit = this.viewport.clientWidth;
    let head = this.items[0];
    while (head && this.offset - exit >= head.width) {
      this.offset -= head.width;
      this.queuedWidth -= head.width;
      head.el.remove();
      this.items.shift();
      head = this.items[0];
    }
  }

  /** The tail edge sits at (entry edge + queued − offset): keep it LOOKAHEAD_PX beyond the entry edge. */
  private fill(): void {
    // Not laid out (the bar hidden): nothing can be measured, so nothing is queued.
    if (!this.viewport.clientWidth) return;
    while (this.lines.length && this.queuedWidth - this.offset < LOOKAHEAD_PX) {
      if (this.append() <= 0) break;
    }
  }

  /** Appends the next line; returns its width (0: not laid out, the caller stops). */
  private append(): number {
    const line = this.lines[this.next % this.lines.length] ?? '';
    this.next = (this.next + 1) % this.lines.length;
    const el = document.createElement('span');
    el.className = 'ticker-item';
    el.dir = 'auto';
    el.textContent = line;
    this.track.append(el);
    const width = el.getBoundingClientRect().width;
    this.items.push({ el, width });
    this.queuedWidth += width;
    this.lastAppended = line;
    return width;
  }

  /** Widths again (the layout's font size changed, a font loaded): removals must subtract the true width. */
  remeasure(): void {
    this.queuedWidth = 0;
    for (const item of this.items) {
      item.width = item.el.getBoundingClientRect().width;
      this.queuedWidth += item.width;
    }
  }
}

/** Thaana, Arabic, Hebrew: a line whose first strong letter is one of these reads right to left. */
const RTL_FIRST = /^[^\p{L}]*[\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFF]/u;

export function majorityDirection(lines: string[]): TickerDirection {
  const rtl = lines.filter((l) => RTL_FIRST.test(l)).length;
  return rtl > lines.length / 2 ? 'rtl' : 'ltr';
}
