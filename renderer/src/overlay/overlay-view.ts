import type { CgWritableType } from '@shared/contracts/cg-files';
import { DEFAULT_OVERLAY_LAYOUT, type OverlayLayout, type OverlayTexts } from '@shared/contracts/overlay';
import { textDirection } from '@/lib/text-direction';
import { Clock } from './clock';
import { Ticker } from './ticker';

const FRAME = { width: 1920, height: 1080 };

function el(tag: string, className: string, parent: HTMLElement, extra: Partial<HTMLElement> = {}): HTMLElement {
  const node = document.createElement(tag);
  node.className = className;
  Object.assign(node, extra);
  parent.append(node);
  return node;
}

/** A text element that reads either way: Thaana right to left, Latin left to right. */
const text = (className: string, parent: HTMLElement) => el('div', className, parent, { dir: 'auto' });

/** A little longer than the 300 ms transition: then an element off air stops taking room. */
const COLLAPSE_AFTER_MS = 350;

/**
 * On or off air. Off: the out-transition runs, then the element is `hidden`, so the lower block
 * and the corners close up (an info line off air must not hold the lower third up). On: it is
 * unhidden and its off style applied once before `data-on` flips, so the in-transition runs.
 * Only on/off changes pay for that style flush; text changes on air never do.
 */
function on(node: HTMLElement, visible: boolean): void {
  if (node.dataset.on === String(visible)) return;
  if (visible) {
    if (node.hidden) {
      node.hidden = false;
      void node.offsetWidth;
    }
    node.dataset.on = 'true';
    return;
  }
  node.dataset.on = 'false';
  setTimeout(() => {
    if (node.dataset.on === 'false') node.hidden = true;
  }, COLLAPSE_AFTER_MS);
}

/**
 * The overlay's elements, driven by the CG texts (shared/on-air-rules.ts types). Each update
 * touches only the elements of its type: a headline change is one textContent write, painted in
 * the next frame. Empty text takes an element off air.
 */
export class OverlayView {
  private texts: OverlayTexts = {};
  private readonly lower: HTMLElement;
  private readonly breaking: HTMLElement;
  private readonly breakingText: HTMLElement;
  private readonly l3: HTMLElement;
  private readonly titlebar: HTMLElement;
  private readonly headline: HTMLElement;
  private readonly subheadline: HTMLElement;
  private readonly infoline: HTMLElement;
  private readonly score: HTMLElement;
  private readonly scoreParts: Record<'team1' | 'score1' | 'team2' | 'score2', HTMLElement>;
  private readonly timer: HTMLElement;
  private readonly hashtag: HTMLElement;
  private readonly program: HTMLElement;
  private readonly tickerBar: HTMLElement;
  private readonly emergency: HTMLElement;
  private readonly emergencyText: HTMLElement;
  readonly ticker: Ticker;
  private readonly clock: Clock;
  /** The station's words for the labels (layout); the defaults until the first layout arrives. */
  private readonly breakingLabel: HTMLElement;
  private readonly tickerLabel: HTMLElement;
  private readonly emergencyLabel: HTMLElement;

  constructor(private readonly stage: HTMLElement) {
    const left = el('div', 'corner left', stage);
    const right = el('div', 'corner right', stage);
    this.score = el('div', 'el from-above chip score', left);
    this.scoreParts = {
      team1: text('team', this.score),
      score1: el('div', 'points', this.score),
      score2: el('div', 'points', this.score),
      team2: text('team', this.score),
    };
    this.timer = el('div', 'el from-above chip timer', left);
    this.clock = new Clock(el('div', 'el from-above chip clock', right));
    this.hashtag = text('el from-above chip hashtag', right);
    this.program = text('el from-above chip program', right);

    this.lower = el('div', 'lower', stage);
    this.breaking = el('div', 'el from-below chip breaking', this.lower);
    this.breakingLabel = el('div', 'label accent', this.breaking, {
      dir: 'auto',
      textContent: DEFAULT_OVERLAY_LAYOUT.breakingLabel,
    });
    this.breakingText = text('text', this.breaking);
    this.l3 = el('div', 'el from-below l3', this.lower);
    this.titlebar = text('titlebar', this.l3);
    this.headline = text('headline', this.l3);
    this.subheadline = text('subheadline', this.l3);
    this.infoline = text('el from-below infoline', this.lower);

    this.tickerBar = el('div', 'el from-below ticker', stage);
    this.tickerLabel = el('div', 'ticker-label', this.tickerBar, {
      dir: 'auto',
      textContent: DEFAULT_OVERLAY_LAYOUT.tickerLabel,
    });
    this.tickerBar.dataset.direction = textDirection(DEFAULT_OVERLAY_LAYOUT.tickerLabel);
    const viewport = el('div', 'ticker-viewport', this.tickerBar);
    this.ticker = new Ticker(viewport, el('div', 'ticker-track', viewport));

    this.emergency = el('div', 'el emergency', stage);
    this.emergencyLabel = el('div', 'emergency-label', this.emergency, {
      dir: 'auto',
      textContent: DEFAULT_OVERLAY_LAYOUT.emergencyLabel,
    });
    this.emergencyText = text('emergency-text', this.emergency);
    this.replace({});
  }

  /** A snapshot (first connect, every reconnect): the whole state is replaced, nothing old stays. */
  replace(texts: OverlayTexts): void {
    this.texts = { ...texts };
    for (const type of Object.keys(UPDATERS) as CgWritableType[]) UPDATERS[type](this);
  }

  /**
   * The key was refused (rotated away): nothing may stay on air from it, at once — every text off
   * with no out-transition, and the clock stopped and emptied (issue 38, point 8). The next
   * snapshot (a key that works again) brings the layout, and with it the clock, back.
   */
  blank(): void {
    this.stage.dataset.animation = 'cut';
    this.replace({});
    this.clock.blank();
  }

  set(type: CgWritableType, content: string): void {
    this.texts[type] = content;
    UPDATERS[type](this);
  }

  applyLayout(layout: OverlayLayout, timeZone: string): void {
    // Labels first: the ticker's label width decides its viewport, measured below.
    OverlayView.put(this.breakingLabel, layout.breakingLabel);
    OverlayView.put(this.tickerLabel, layout.tickerLabel);
    // The bar reads the station's way, whichever way its lines run (issue 38 point 9): a Thaana
    // label stands at the right, an English one at the left, and neither jumps with the lines.
    this.tickerBar.dataset.direction = textDirection(layout.tickerLabel);
    OverlayView.put(this.emergencyLabel, layout.emergencyLabel);
    const style = this.stage.style;
    style.setProperty('--accent', layout.accentColor);
    style.setProperty('--bar', layout.barColor);
    style.setProperty('--text', layout.textColor);
    style.setProperty('--font', `${layout.fontSize}px`);
    style.setProperty('--safe-x', `${(FRAME.width * layout.safeArea) / 100}px`);
    style.setProperty('--safe-y', `${(FRAME.height * layout.safeArea) / 100}px`);
    style.setProperty('--speed', layout.animation === 'cut' ? '0ms' : '300ms');
    this.stage.dataset.animation = layout.animation;
    this.stage.dataset.ticker = layout.tickerPosition;
    this.lower.dataset.align = layout.align;
    this.ticker.setSpeed(layout.tickerSpeed);
    this.ticker.remeasure();
    this.clock.configure(layout.showClock, timeZone);
  }

  /** The station's zone changed: the clock alone is redrawn (nothing else moves on air). */
  setClockZone(timeZone: string): void {
    this.clock.setZone(timeZone);
  }

  /** The text of a type now ('' = off air). */
  textOf(type: CgWritableType): string {
    return this.texts[type] ?? '';
  }

  /** Writes the text only when it changed (a same-text write would still cost a layout). */
  private static put(node: HTMLElement, value: string): void {
    if (node.textContent !== value) node.textContent = value;
  }

  updateLowerThird(): void {
    const [headline, sub, title] = [this.textOf('headline'), this.textOf('subheadline'), this.textOf('titlebar')];
    OverlayView.put(this.headline, headline);
    OverlayView.put(this.subheadline, sub);
    OverlayView.put(this.titlebar, title);
    on(this.subheadline, sub !== '');
    on(this.titlebar, title !== '');
    on(this.l3, headline !== '' || sub !== '');
  }

  updateBreaking(): void {
    const value = this.textOf('breakingnews');
    OverlayView.put(this.breakingText, value);
    on(this.breaking, value !== '');
  }

  updateSingle(node: HTMLElement, value: string): void {
    OverlayView.put(node, value);
    on(node, value !== '');
  }

  updateScore(): void {
    let any = false;
    for (const [type, node] of Object.entries(this.scoreParts) as Array<[keyof typeof this.scoreParts, HTMLElement]>) {
      const value = this.textOf(type);
      OverlayView.put(node, value);
      any ||= value !== '';
    }
    on(this.score, any);
  }

  updateProgram(): void {
    // Two CG types feed the programme bar (docs/product.md §Validation): the control panel's program_bar first.
    this.updateSingle(this.program, this.textOf('program_bar') || this.textOf('programbar'));
  }

  updateTicker(): void {
    const lines = this.textOf('news_crawler').split('\n');
    // On air first: the ticker measures its items, which needs the bar laid out.
    on(
      this.tickerBar,
      lines.some((l) => l.trim() !== ''),
    );
    this.ticker.setLines(lines);
  }

  updateEmergency(): void {
    const value = this.textOf('emergency');
    OverlayView.put(this.emergencyText, value);
    on(this.emergency, value.trim() !== '');
  }

  get nodes() {
    return { infoline: this.infoline, timer: this.timer, hashtag: this.hashtag };
  }
}

const UPDATERS: Record<CgWritableType, (v: OverlayView) => void> = {
  headline: (v) => v.updateLowerThird(),
  subheadline: (v) => v.updateLowerThird(),
  titlebar: (v) => v.updateLowerThird(),
  breakingnews: (v) => v.updateBreaking(),
  infoline: (v) => v.updateSingle(v.nodes.infoline, v.textOf('infoline')),
  timer: (v) => v.updateSingle(v.nodes.timer, v.textOf('timer')),
  hashtag_bar: (v) => v.updateSingle(v.nodes.hashtag, v.textOf('hashtag_bar')),
  programbar: (v) => v.updateProgram(),
  program_bar: (v) => v.updateProgram(),
  team1: (v) => v.updateScore(),
  team2: (v) => v.updateScore(),
  score1: (v) => v.updateScore(),
  score2: (v) => v.updateScore(),
  news_crawler: (v) => v.updateTicker(),
  emergency: (v) => v.updateEmergency(),
};
