import { expect, test } from 'vitest';
import { DEFAULT_BOUNDS, restoreBounds } from './window-state';

const screen = [{ x: 0, y: 0, width: 1920, height: 1040 }];

test('no saved state: the default size', () => {
  expect(restoreBounds(undefined, screen)).toEqual({ bounds: DEFAULT_BOUNDS, maximized: false });
});

test('saved bounds on a display come back as they were, maximized too', () => {
  const saved = { bounds: { x: 100, y: 80, width: 1200, height: 800 }, maximized: true };
  expect(restoreBounds(saved, screen)).toEqual({ bounds: saved.bounds, maximized: true });
});

test('a window left on an unplugged monitor keeps its size but not its position', () => {
  const saved = { bounds: { x: 2500, y: 100, width: 1200, height: 800 }, maximized: false };
  expect(restoreBounds(saved, screen)).toEqual({ bounds: { width: 1200, height: 800 }, maximized: false });
});

test('a tiny saved size is raised to a usable minimum', () => {
  const saved = { bounds: { x: 10, y: 10, width: 200, height: 100 }, maximized: false };
  expect(restoreBounds(saved, screen).bounds).toEqual({ x: 10, y: 10, width: 800, height: 600 });
});
