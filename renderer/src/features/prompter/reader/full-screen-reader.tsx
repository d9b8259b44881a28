import { Badge, Box, Button, Group, Text } from '@mantine/core';
import {
  IconBroadcast,
  IconContrast,
  IconEdit,
  IconMinimize,
  IconPlayerTrackNext,
  IconPlayerTrackPrev,
} from '@tabler/icons-react';
import { useEffect, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useStore } from 'zustand';
import { EmergencyBar } from '@/components/cg/emergency-bar';
import { OnAirAnnouncer } from '@/components/cg/on-air-announcer';
import type { ReaderController } from './reader-controller';
import { ControlIcon, keepFocus, PlayButton, ReadingToggles, SpeedControls } from './reader-controls';
import { ReaderToasts } from './reader-toasts';
import { SectionIndicator } from './section-indicator';
import { READER_DIALOG_ATTR } from './use-reader-keys';
import classes from './full-screen-reader.module.css';

export interface FullScreenReaderProps {
  controller: ReaderController;
  /** The script's title for 'Reading:' is the section's; null while the script loads. */
  loading: boolean;
  sendPending: boolean;
  onSendToCg: () => void;
  onExit: () => void;
  children: ReactNode;
}

/**
 * The full-screen overlay (docs/product.md §Screens and routes): it covers the window at once, so the talent never sees
 * the app around the script. It does not ask the browser for full screen: in browser full screen
 * Escape belongs to the browser (it would leave full screen instead of closing find mode, and the
 * page would not even hear the key). F11 / the desktop app's window give the whole screen.
 */
export function FullScreenReader({
  controller,
  loading,
  sendPending,
  onSendToCg,
  onExit,
  children,
}: FullScreenReaderProps) {
  const root = useRef<HTMLDivElement>(null);
  const { locked, highContrast, liveEdit, sectionIndex, sectionCount } = useStore(controller.store);
  const title = controller.currentSection()?.title;

  useEffect(() => {
    root.current?.focus();
  }, []);

  return createPortal(
    // A modal screen over the app: a screen reader reads the reader alone, named, until Exit.
    <div
      ref={root}
      className={classes.overlay}
      tabIndex={-1}
      data-testid="prompter-fullscreen"
      role="dialog"
      aria-modal="true"
      aria-label="Prompter full screen"
      {...{ [READER_DIALOG_ATTR]: '' }}
    >
      {/* The overlay covers the app's emergency bar, so it carries its own (issue 22): whoever sends from here sees it. */}
      <EmergencyBar endButton={false} />
      {/* Inside the modal overlay: a screen reader hears nothing outside an aria-modal dialog. */}
      <OnAirAnnouncer />
      <Group className={classes.bar} gap={6} wrap="wrap" justify="space-between">
        <Group gap={6} wrap="wrap">
          <SpeedControls controller={controller} />
          <PlayButton controller={controller} />
          <ReadingToggles controller={controller} clearLockOnReset />
          <ControlIcon label="Previous section" onClick={() => controller.previous()} disabled={sectionIndex <= 0}>
            <IconPlayerTrackPrev size={16} />
          </ControlIcon>
          <ControlIcon
            label="Next section"
            onClick={() => controller.next()}
            disabled={sectionIndex >= sectionCount - 1}
          >
            <IconPlayerTrackNext size={16} />
          </ControlIcon>
          <Button
            size="sm"
            color="red"
            variant="light"
            leftSection={<IconBroadcast size={16} />}
            onMouseDown={keepFocus}
            onClick={onSendToCg}
            loading={sendPending}
          >
            Send to CG
          </Button>
          <ControlIcon label="High contrast" active={highContrast} onClick={() => controller.toggle('highContrast')}>
            <IconContrast size={16} />
          </ControlIcon>
          <ControlIcon label="Live editing" active={liveEdit} onClick={() => controller.toggle('liveEdit')}>
            <IconEdit size={16} />
          </ControlIcon>
        </Group>
        <Button
          size="sm"
          variant="default"
          leftSection={<IconMinimize size={16} />}
          onMouseDown={keepFocus}
          onClick={onExit}
        >
          Exit Full Screen
        </Button>
      </Group>
      <Box className={classes.script}>{children}</Box>
      <Group className={classes.bar} gap="md" wrap="wrap" justify="space-between">
        <SectionIndicator index={sectionIndex} count={sectionCount} />
        <Box className={classes.reading} data-testid="prompter-reading" dir="auto">
          {loading || !title ? 'Loading...' : `Reading: ${title}`}
        </Box>
        <ReaderToasts />
        <Group gap="xs">
          {liveEdit && (
            <Badge color="yellow" variant="light" leftSection={<span className={classes.pulse} />}>
              Live edit
            </Badge>
          )}
          {locked && (
            <Badge color="red" variant="filled" data-testid="prompter-locked">
              LOCKED
            </Badge>
          )}
          <Text size="xs" c="dimmed">
            Use arrow keys to navigate
          </Text>
        </Group>
      </Group>
    </div>,
    document.body,
  );
}
