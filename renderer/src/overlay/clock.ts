/**
 * The on-air clock: HH:MM in the station's time zone (24-hour, as broadcast clocks are), redrawn
 * on the minute boundary rather than polled, so it turns over on the second it should.
 */
export class Clock {
  private timer: ReturnType<typeof setTimeout> | null = null;
  private format: Intl.DateTimeFormat | null = null;

  private visible = false;

  /** Off until a layout says otherwise: a page whose key is refused never shows an empty chip. */
  constructor(private readonly node: HTMLElement) {
    this.blank();
  }

  configure(visible: boolean, timeZone: string): void {
    this.visible = visible;
    this.node.dataset.on = String(visible);
    this.node.dataset.zone = timeZone;
    // A setting, not an on-air change: off takes no room in its corner at once.
    this.node.hidden = !visible;
    this.stop();
    if (!visible) return;
    try {
      this.format = new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hour12: false });
    } catch {
      // A zone this browser does not know (an old playout PC): its own zone beats no clock.
      this.format = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', hour12: false });
    }
    this.tick();
  }

  /** Same visibility, another zone (a settings change). */
  setZone(timeZone: string): void {
    this.configure(this.visible, timeZone);
  }

  /**
   * Off air, empty and stopped (issue 38, point 8): a rotated key must leave nothing drawn, and a
   * clock that kept ticking was the one thing that still did. Only a new layout turns it on again.
   */
  blank(): void {
    this.stop();
    this.visible = false;
    this.node.dataset.on = 'false';
    this.node.hidden = true;
    this.node.textContent = '';
  }

  private tick(): void {
    const now = new Date();
    const value = this.format?.format(now) ?? '';
    if (this.node.textContent !== value) this.node.textContent = value;
    const toNextSecond = 1000 - now.getMilliseconds();
    this.timer = setTimeout(() => this.tick(), toNextSecond);
  }

  private stop(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }
}
