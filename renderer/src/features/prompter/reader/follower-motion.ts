/** How far ahead of the last message a follower may run on its own (a late or lost message). */
export const MAX_EXTRAPOLATION_MS = 400;
/** A follower further off than this (a section jump) snaps instead of gliding. */
export const SNAP_PX = 400;
/** Gliding: the gap closes with this time constant (ms); short enough to stay within 100 ms. */
export const GLIDE_MS = 60;

/**
 * A follower screen's motion. Messages come ~10 a second; between them the follower runs on at
 * the operator's measured rate (in characters, so a different layout reads the same line), and
 * glides to each new place instead of jumping, so the talent sees smooth text.
 */
export class FollowerMotion {
  private target: number | null = null;
  private at = 0;
  private playing = false;
  /** Characters per ms, measured from consecutive messages while playing. */
  private rate = 0;

  receive(charPosition: number, playing: boolean, now: number): void {
    if (this.target !== null && playing && this.playing && now > this.at) {
      const measured = (charPosition - this.target) / (now - this.at);
      this.rate = this.rate ? (this.rate + measured) / 2 : measured;
    } else if (!playing) this.rate = 0;
    this.target = charPosition;
    this.at = now;
    this.playing = playing;
  }

  get hasTarget(): boolean {
    return this.target !== null;
  }

  /** Where the operator is now, in characters (null before the first message). */
  predictedChar(now: number): number | null {
    if (this.target === null) return null;
    if (!this.playing) return this.target;
    return this.target + Math.max(0, this.rate) * Math.min(MAX_EXTRAPOLATION_MS, now - this.at);
  }

  /** The next pixel position from the current one toward the predicted place. */
  static glide(current: number, goal: number, elapsedMs: number): number {
    if (Math.abs(goal - current) > SNAP_PX) return goal;
    const share = 1 - Math.exp(-Math.max(0, elapsedMs) / GLIDE_MS);
    return current + (goal - current) * share;
  }
}
