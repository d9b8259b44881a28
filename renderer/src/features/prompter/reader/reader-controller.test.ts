import { describe, expect, it } from 'vitest';
import type { PrompterSection } from '@shared/contracts/prompters';
import { ReaderController, type MoveKind } from './reader-controller';

const section = (id: number, position: number, title: string): PrompterSection => ({
  id,
  kind: 'news',
  newsId: id,
  title,
  position,
  content: `**${title}**\nText`,
});
const sections = [section(1, 0, 'One'), section(2, 20, 'Two'), section(3, 40, 'Three')];
const boxes = [
  { top: 0, height: 300 },
  { top: 300, height: 300 },
  { top: 600, height: 300 },
];

function reader(speed = 100) {
  const r = new ReaderController({
    scrollSpeed: speed,
    isHighContrast: false,
    enableLiveEditing: false,
    isAutoScroll: false,
  });
  const moves: MoveKind[] = [];
  r.onMove((kind) => moves.push(kind));
  r.setLayout(sections, boxes, 900);
  return { r, moves };
}

describe('ReaderController (prompter reading, docs/product.md §States)', () => {
  it('moves only while playing and unlocked; lock freezes, manual scroll moves the locked place', () => {
    const { r } = reader(100);
    expect(r.tick(1000)).toBe(false);
    r.play();
    r.tick(100);
    expect(r.scrollPosition).toBeCloseTo(2, 6);
    r.toggleLock();
    r.tick(100);
    expect(r.scrollPosition).toBeCloseTo(2, 6);
    r.scrollStep(1);
    expect(r.scrollPosition).toBeCloseTo(102, 6);
    r.unlock();
    r.tick(100);
    expect(r.scrollPosition).toBeCloseTo(104, 6);
  });

  it('next/previous jump to section starts, pause, and stop at the ends', () => {
    const { r } = reader();
    r.play();
    expect(r.canGo(-1)).toBe(false);
    r.next();
    expect(r.state).toMatchObject({ sectionIndex: 1, playing: false });
    expect(r.scrollPosition).toBe(300);
    r.next();
    expect(r.canGo(1)).toBe(false);
    r.next();
    expect(r.state.sectionIndex).toBe(2);
    r.previous();
    expect(r.scrollPosition).toBe(300);
  });

  it('reset returns to the start and stops; full-screen reset also clears the lock', () => {
    const { r } = reader();
    r.scrollTo(450);
    r.play();
    r.toggleLock();
    r.reset(false);
    expect(r.state).toMatchObject({ playing: false, locked: true, sectionIndex: 0 });
    expect(r.scrollPosition).toBe(0);
    r.reset(true);
    expect(r.state.locked).toBe(false);
  });

  it('a new layout keeps the same section and line; the script end pauses', () => {
    const { r } = reader();
    r.scrollTo(350);
    r.setLayout(
      [section(9, 0, 'New'), ...sections],
      [{ top: 0, height: 100 }, ...boxes.map((b) => ({ top: b.top + 100, height: b.height }))],
      1000,
    );
    expect(r.scrollPosition).toBe(450);
    expect(r.state.sectionIndex).toBe(2);
    r.scrollTo(1000);
    r.play();
    r.tick(16);
    expect(r.state.playing).toBe(false);
  });

  it('speed steps of 20 within 30–300; remote commands; a created speed of 10 reads at 30', () => {
    const { r } = reader(10);
    expect(r.state.speed).toBe(30);
    r.command('speed_down');
    expect(r.state.speed).toBe(50);
    r.command('speed_up');
    r.command('speed_up');
    expect(r.state.speed).toBe(30);
    r.command('play');
    expect(r.state.playing).toBe(true);
    r.command('next');
    expect(r.state).toMatchObject({ playing: false, sectionIndex: 1 });
    r.command('previous');
    expect(r.state.sectionIndex).toBe(0);
  });

  it('tells listeners whether a move was playing (tick) or a person (jump), and records actions', () => {
    const { r, moves } = reader();
    moves.length = 0;
    r.play();
    r.tick(16);
    r.next();
    expect(moves).toEqual(['jump', 'tick', 'jump']);
    expect(r.takeActions().map((a) => a.type)).toEqual(['play', 'section']);
    expect(r.takeActions()).toEqual([]);
  });
});
