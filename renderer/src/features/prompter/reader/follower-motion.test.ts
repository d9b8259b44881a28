import { describe, expect, it } from 'vitest';
import { FollowerMotion, GLIDE_MS, MAX_EXTRAPOLATION_MS, SNAP_PX } from './follower-motion';

describe('FollowerMotion (follower screens)', () => {
  it('has no place before the first message, then holds a paused place', () => {
    const m = new FollowerMotion();
    expect(m.predictedChar(0)).toBeNull();
    m.receive(500, false, 1000);
    expect(m.predictedChar(5000)).toBe(500);
  });

  it('runs on at the operator’s measured rate between messages, at most MAX_EXTRAPOLATION_MS ahead', () => {
    const m = new FollowerMotion();
    m.receive(100, true, 0);
    m.receive(110, true, 100); // 0.1 char/ms
    expect(m.predictedChar(150)).toBeCloseTo(115, 6);
    expect(m.predictedChar(100 + 10 * MAX_EXTRAPOLATION_MS)).toBeCloseTo(110 + 0.1 * MAX_EXTRAPOLATION_MS, 6);
    m.receive(50, false, 200); // paused and moved back
    expect(m.predictedChar(1000)).toBe(50);
  });

  it('glides to small moves and snaps to jumps', () => {
    expect(FollowerMotion.glide(0, 100, GLIDE_MS)).toBeCloseTo(100 * (1 - Math.exp(-1)), 6);
    expect(FollowerMotion.glide(0, 100, 100)).toBeGreaterThan(80); // within 100 ms most of the way
    expect(FollowerMotion.glide(0, SNAP_PX + 1, 1)).toBe(SNAP_PX + 1);
    expect(FollowerMotion.glide(10, 10, 16)).toBe(10);
  });
});
