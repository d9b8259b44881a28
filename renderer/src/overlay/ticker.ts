import { textDirection } from '@/lib/text-direction';

/**
 * The crawler as a constant-speed ticker (issue 25). One strip of items moves by transform only
 * (compositor work, no layout per frame). Items are appended at the tail as room opens and
 * removed at the head once fully out, subtracting their exact width from the offset — so new
 * lines join the run without the strip ever jumping, and the speed is px per real second.
 *
 * Direction (issue 38 point 9): every line reads and travels its own way. Thaana enters at the
 * left and moves right, so its first word (at its right) comes first; English the opposite. A
 * strip moves one way at a time, so consecutive lines of one direction run as one strip, and a
 * line of the other direction waits until the strip has run out, then enters from its own edge.
 * One separator stands between each pair of neighbours, an element of its own.
 */
export type TickerDirection = 'ltr' | 'rtl';

interface Line {
  text: string;
  direction: TickerDirection;
}

/** A line on the strip, with the separator before it (none for the first of a run). */
interface Item {
  els: HTMLElement[];
  width: number;
}

/** A frame longer than this (a hidden tab, a stalled machine) moves the strip this far only. */
const MAX_STEP_MS = 100;
/** Keep this much strip queued beyond the visible width, so an append never shows. */
const LOOKAHEAD_PX = 400;

const widthOf = (els: HTMLElement[]) => els.reduce((sum, el) => sum + el.getBoundingClientRect().width, 0);

export class Ticker {
  private lines: Line[] = [];
  /** Index in `lines` of the next line to append. */
  private next = 0;
  private lastAppended: string | null = null;
  private items: Item[] = [];
  private queuedWidth = 0;
  private offset = 0;
  private lastTime: number | null = null;
  private frame = 0;
  private speed = 120;
  /** How the lines on the strip read, so which way it moves; changes only while it is empty. */
  private direction: TickerDirection = 'ltr';

  constructor(
    private readonly viewport: HTMLElement,
    private readonly track: HTMLElement,
  ) {
    track.dataset.direction = this.direction;
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
    this.lines = lines.filter((l) => l.trim() !== '').map((text) => ({ text, direction: textDirection(text) }));
    if (!this.lines.length) {
      this.clear();
      return;
    }
    const at = this.lastAppended === null ? -1 : this.lines.findIndex((l) => l.text === this.lastAppended);
    this.next = at >= 0 ? (at + 1) % this.lines.length : 0;
    this.fill();
    this.render();
    this.start();
  }

  private clear(): void {
    for (const item of this.items) for (const el of item.els) el.remove();
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
      for (const el of head.els) el.remove();
      this.items.shift();
      head = this.items[0];
    }
  }

  /** The tail edge sits at (entry edge + queued − offset): keep it LOOKAHEAD_PX beyond the entry edge. */
  private fill(): void {
    // Not laid out (the bar hidden): nothing can be measured, so nothing is queued.
    if (!this.viewport.clientWidth) return;
    while (this.lines.length && this.queuedWidth - this.offset < LOOKAHEAD_PX) {
      const line = this.lines[this.next % this.lines.length];
      if (!line) break;
      if (line.direction !== this.direction) {
        // Running the other way would meet the lines still on screen: wait until they are out.
        if (this.items.length) break;
        this.turn(line.direction);
      }
      if (this.append(line) <= 0) break;
    }
  }

  /** The empty strip turns: it starts again just outside the other edge. */
  private turn(direction: TickerDirection): void {
    this.direction = direction;
    this.offset = 0;
    this.queuedWidth = 0;
    this.track.dataset.direction = direction;
  }

  /** Appends the next line (after a separator unless the strip is empty); returns its width (0: not laid out). */
  private append(line: Line): number {
    this.next = (this.next + 1) % this.lines.length;
    const els: HTMLElement[] = [];
    if (this.items.length) els.push(Ticker.separator());
    const el = document.createElement('span');
    el.className = 'ticker-item';
    // The direction the strip moves by, not the browser's guess: the two must agree.
    el.dir = line.direction;
    el.textContent = line.text;
    els.push(el);
    this.track.append(...els);
    const width = widthOf(els);
    this.items.push({ els, width });
    this.queuedWidth += width;
    this.lastAppended = line.text;
    return width;
  }

  private static separator(): HTMLElement {
    const el = document.createElement('span');
    el.className = 'ticker-sep';
    el.setAttribute('aria-hidden', 'true');
    return el;
  }

  /** Widths again (the layout's font size changed, a font loaded): removals must subtract the true width. */
  remeasure(): void {
    this.queuedWidth = 0;
    for (const item of this.items) {
      item.width = widthOf(item.els);
      this.queuedWidth += item.width;
    }
  }
}
