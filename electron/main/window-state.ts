/** Where the window was, so the operator's layout survives a restart. Pure: unit-tested. */
export interface Bounds {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface WindowState {
  bounds: Bounds;
  maximized: boolean;
}

export const DEFAULT_BOUNDS = { width: 1440, height: 900 };

/**
 * The saved bounds if at least a 100×50 piece of the title area still lies on a display (a
 * monitor may have been unplugged since); otherwise only the saved size, centred by the OS.
 */
export function restoreBounds(
  saved: WindowState | undefined,
  workAreas: Bounds[],
): { bounds: Partial<Bounds>; maximized: boolean } {
  if (!saved) return { bounds: DEFAULT_BOUNDS, maximized: false };
  const { x, y, width, height } = saved.bounds;
  const visible = workAreas.some((a) => overlap(x, width, a.x, a.width) >= 100 && overlap(y, 50, a.y, a.height) >= 50);
  const size = { width: Math.max(width, 800), height: Math.max(height, 600) };
  return { bounds: visible ? { x, y, ...size } : size, maximized: saved.maximized };
}

function overlap(start: number, length: number, areaStart: number, areaLength: number): number {
  return Math.max(0, Math.min(start + length, areaStart + areaLength) - Math.max(start, areaStart));
}
