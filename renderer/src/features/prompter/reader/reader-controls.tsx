import { ActionIcon, Button, Group, Text, Tooltip } from '@mantine/core';
import {
  IconArrowsHorizontal,
  IconChevronDown,
  IconChevronUp,
  IconLock,
  IconLockOpen,
  IconMinus,
  IconPlayerPause,
  IconPlayerPlay,
  IconPlus,
  IconRotate,
} from '@tabler/icons-react';
import type { MouseEvent, ReactNode } from 'react';
import { useStore } from 'zustand';
import type { ReaderController } from './reader-controller';

/**
 * A mouse click must not leave focus on the button: the next Space is the operator's CG send,
 * not a second press of the last button clicked. Keyboard users still Tab to the buttons.
 */
export const keepFocus = (e: MouseEvent) => e.preventDefault();

export function ControlIcon({
  label,
  onClick,
  disabled,
  active,
  children,
}: {
  label: string;
  onClick: () => void;
  disabled?: boolean;
  active?: boolean;
  children: ReactNode;
}) {
  return (
    <Tooltip label={label} openDelay={400}>
      <ActionIcon
        size="lg"
        variant={active ? 'filled' : 'default'}
        aria-label={label}
        aria-pressed={active}
        onMouseDown={keepFocus}
        onClick={onClick}
        disabled={disabled}
      >
        {children}
      </ActionIcon>
    </Tooltip>
  );
}

/** Speed down/up with the value between (ms per step; lower is faster). */
export function SpeedControls({ controller }: { controller: ReaderController }) {
  const speed = useStore(controller.store, (s) => s.speed);
  return (
    <Group gap={4} wrap="nowrap">
      <ControlIcon label="Speed down" onClick={() => controller.changeSpeed('slower')}>
        <IconMinus size={16} />
      </ControlIcon>
      <Text size="sm" fw={600} miw={64} ta="center" data-testid="prompter-speed">
        {speed} ms
      </Text>
      <ControlIcon label="Speed up" onClick={() => controller.changeSpeed('faster')}>
        <IconPlus size={16} />
      </ControlIcon>
    </Group>
  );
}

export function PlayButton({ controller }: { controller: ReaderController }) {
  const playing = useStore(controller.store, (s) => s.playing);
  return (
    <Button
      size="sm"
      w={104}
      onMouseDown={keepFocus}
      onClick={() => controller.togglePlay()}
      leftSection={playing ? <IconPlayerPause size={16} /> : <IconPlayerPlay size={16} />}
    >
      {playing ? 'Pause' : 'Play'}
    </Button>
  );
}

/** Reset, Mirror, Lock: shared by the toolbar and the full-screen overlay. */
export function ReadingToggles({
  controller,
  clearLockOnReset,
}: {
  controller: ReaderController;
  clearLockOnReset: boolean;
}) {
  const { mirrored, locked } = useStore(controller.store);
  return (
    <>
      <ControlIcon label="Reset" onClick={() => controller.reset(clearLockOnReset)}>
        <IconRotate size={16} />
      </ControlIcon>
      <ControlIcon label="Mirror" active={mirrored} onClick={() => controller.toggle('mirrored')}>
        <IconArrowsHorizontal size={16} />
      </ControlIcon>
      <ControlIcon label={locked ? 'Unlock' : 'Lock'} active={locked} onClick={() => controller.toggleLock()}>
        {locked ? <IconLock size={16} /> : <IconLockOpen size={16} />}
      </ControlIcon>
    </>
  );
}

export function ManualScroll({ controller }: { controller: ReaderController }) {
  return (
    <>
      <ControlIcon label="Scroll up" onClick={() => controller.scrollStep(-1)}>
        <IconChevronUp size={16} />
      </ControlIcon>
      <ControlIcon label="Scroll down" onClick={() => controller.scrollStep(1)}>
        <IconChevronDown size={16} />
      </ControlIcon>
    </>
  );
}
