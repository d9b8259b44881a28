import { ActionIcon, Group, Paper, Text, TextInput } from '@mantine/core';
import { IconChevronDown, IconChevronUp, IconX } from '@tabler/icons-react';
import { useEffect, useMemo, useState, type RefObject } from 'react';
import type { ReaderController } from './reader-controller';
import { findRanges } from './find-ranges';

const HIGHLIGHT = 'prompter-find';

export interface FindBarProps {
  controller: ReaderController;
  /** The script element (the surface's content); matches are highlighted there. */
  script: RefObject<HTMLElement | null>;
  /** Changes when the script text changes, so the matches are found again. */
  version: unknown;
}

/**
 * Find mode (Ctrl/Cmd+F): every match is highlighted with the CSS Custom Highlight API (no DOM
 * change under the reader); Enter goes to the next match, Shift+Enter to the previous, and the
 * match lands on the reading line.
 */
export function FindBar({ controller, script, version }: FindBarProps) {
  const [query, setQuery] = useState('');
  // -1: nothing visited yet, so the first Enter goes to the first match.
  const [current, setCurrent] = useState(-1);
  // `version` (the sections) is a dependency on purpose: new text needs new ranges.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const ranges = useMemo(() => (script.current ? findRanges(script.current, query) : []), [script, query, version]);

  useEffect(() => {
    if (typeof CSS === 'undefined' || !('highlights' in CSS)) return;
    CSS.highlights.set(HIGHLIGHT, new Highlight(...ranges));
    return () => void CSS.highlights.delete(HIGHLIGHT);
  }, [ranges]);

  const go = (index: number) => {
    const el = script.current;
    const range = ranges[index];
    if (!el || !range) return;
    setCurrent(index);
    // Both rectangles carry the same transform, so the difference is the script position.
    const top = range.getBoundingClientRect().top - el.getBoundingClientRect().top;
    controller.scrollTo(top);
  };
  const step = (direction: 1 | -1) => {
    if (!ranges.length) return;
    const from = current < 0 && direction < 0 ? 0 : current;
    go((from + direction + ranges.length) % ranges.length);
  };

  return (
    <Paper shadow="md" p={6} radius="md" style={{ position: 'absolute', top: 12, right: 12, zIndex: 3 }}>
      <Group gap={4} wrap="nowrap">
        <TextInput
          size="xs"
          autoFocus
          aria-label="Find in script"
          placeholder="Find in script"
          value={query}
          onChange={(e) => {
            setQuery(e.currentTarget.value);
            setCurrent(-1);
          }}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              step(e.shiftKey ? -1 : 1);
            }
          }}
        />
        <Text size="xs" c="dimmed" miw={48} ta="center" data-testid="prompter-find-count">
          {query ? `${ranges.length ? Math.max(0, current) + 1 : 0}/${ranges.length}` : ''}
        </Text>
        <ActionIcon variant="subtle" aria-label="Previous match" onClick={() => step(-1)} disabled={!ranges.length}>
          <IconChevronUp size={16} />
        </ActionIcon>
        <ActionIcon variant="subtle" aria-label="Next match" onClick={() => step(1)} disabled={!ranges.length}>
          <IconChevronDown size={16} />
        </ActionIcon>
        <ActionIcon variant="subtle" aria-label="Close find" onClick={() => controller.setFindOpen(false)}>
          <IconX size={16} />
        </ActionIcon>
      </Group>
    </Paper>
  );
}
