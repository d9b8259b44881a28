import { useEffect, useLayoutEffect, useRef, type CSSProperties, type ReactNode } from 'react';
import { useStore } from 'zustand';
import { PROMPTER_READING_LINE, PROMPTER_WHEEL_MULTIPLIER } from '@shared/constants';
import type { Prompter, PrompterSection } from '@shared/contracts/prompters';
import type { ReaderController } from './reader-controller';
import type { SectionBox } from './scroll-engine';
import { FindBar } from './find-bar';
import { ScriptText } from './script-text';
import classes from './script-surface.module.css';

export type Appearance = Pick<
  Prompter,
  'fontSize' | 'fontFamily' | 'lineSpacing' | 'textColor' | 'backgroundColor' | 'marginTop' | 'marginBottom'
>;

export interface ScriptSurfaceProps {
  controller: ReaderController;
  sections: readonly PrompterSection[] | undefined;
  appearance: Appearance;
  /** 'No content available' / 'Loading...' when there is no script. */
  emptyText: string;
  canLiveEdit?: boolean;
  onEditSection?: (section: PrompterSection, body: string) => Promise<boolean>;
  children?: ReactNode;
}

/** Section boxes relative to the script's top (offsetTop ignores the scroll transform). */
function measure(content: HTMLElement): { boxes: SectionBox[]; height: number } {
  const boxes: SectionBox[] = [];
  for (const el of content.querySelectorAll<HTMLElement>(':scope > section'))
    boxes.push({ top: el.offsetTop, height: el.offsetHeight });
  return { boxes, height: content.offsetHeight };
}

/**
 * The reading surface: the script moves by a compositor-only transform (no layout per frame),
 * positioned so that script pixel `position` sits on the reading line. Mirroring flips the whole
 * surface for a beam-splitter glass; text direction stays per line, so Thaana still reads right
 * to left in the glass.
 */
export function ScriptSurface({
  controller,
  sections,
  appearance,
  emptyText,
  canLiveEdit = false,
  onEditSection,
  children,
}: ScriptSurfaceProps) {
  const viewport = useRef<HTMLDivElement>(null);
  const content = useRef<HTMLDivElement>(null);
  const readingLine = useRef(0);
  const { mirrored, highContrast, liveEdit, findOpen } = useStore(controller.store);

  // Whole device pixels: without a GPU a fractional offset re-rasterises the full frame, and the
  // benchmark dropped frames under load that way (docs/performance.md "Prompter"); whole steps
  // did not. The position itself stays fractional, so the pace is exact over time.
  const place = () => {
    if (!content.current) return;
    const dpr = window.devicePixelRatio || 1;
    const y = Math.round((readingLine.current - controller.scrollPosition) * dpr) / dpr;
    content.current.style.transform = `translate3d(0, ${y}px, 0)`;
  };

  // Every move (a frame, a key, a follower update) repositions the text directly, outside React.
  useEffect(() => controller.onMove(place), [controller]); // eslint-disable-line react-hooks/exhaustive-deps

  // Layout: on new text, font or size, measure the sections and keep the reader's line.
  useLayoutEffect(() => {
    const view = viewport.current;
    const text = content.current;
    if (!view || !text) return;
    const relayout = () => {
      readingLine.current = Math.round(view.clientHeight * PROMPTER_READING_LINE);
      const { boxes, height } = measure(text);
      const lastLine = appearance.fontSize * appearance.lineSpacing;
      controller.setLayout(sections ?? [], boxes, Math.max(0, height - lastLine));
      place();
    };
    relayout();
    const observer = new ResizeObserver(relayout);
    observer.observe(view);
    observer.observe(text);
    return () => observer.disconnect();
  }, [controller, sections, appearance.fontSize, appearance.lineSpacing]); // eslint-disable-line react-hooks/exhaustive-deps

  // Wheel scroll is multiplied by 2 (docs/product.md §Limits); passive: false so the page itself stays put.
  useEffect(() => {
    const view = viewport.current;
    if (!view) return;
    const onWheel = (e: WheelEvent) => {
      e.preventDefault();
      controller.scrollBy(e.deltaY * PROMPTER_WHEEL_MULTIPLIER);
    };
    view.addEventListener('wheel', onWheel, { passive: false });
    return () => view.removeEventListener('wheel', onWheel);
  }, [controller]);

  const style = {
    '--prompter-font-size': `${appearance.fontSize}px`,
    '--prompter-font-family': `'${appearance.fontFamily}', 'Noto Sans Thaana', sans-serif`,
    '--prompter-line-height': String(appearance.lineSpacing),
    '--prompter-text': highContrast ? '#ffffff' : appearance.textColor,
    '--prompter-bg': highContrast ? '#000000' : appearance.backgroundColor,
    '--prompter-pad-top': `${appearance.marginTop}px`,
    '--prompter-pad-bottom': `${appearance.marginBottom}px`,
  } as CSSProperties;

  return (
    <div
      className={classes.frame}
      style={style}
      data-testid="prompter-surface"
      data-mirrored={mirrored}
      data-high-contrast={highContrast}
    >
      <div ref={viewport} className={classes.viewport} data-mirrored={mirrored}>
        <div ref={content} className={classes.content} data-testid="prompter-script">
          {sections?.length ? (
            <ScriptText sections={sections} editable={canLiveEdit && liveEdit} onEditSection={onEditSection} />
          ) : (
            <p className={classes.empty}>{emptyText}</p>
          )}
        </div>
        <div className={classes.readingLine} aria-hidden />
      </div>
      {findOpen && <FindBar controller={controller} script={content} version={sections} />}
      {children}
    </div>
  );
}
