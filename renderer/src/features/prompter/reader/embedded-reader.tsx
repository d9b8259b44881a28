import { ActionIcon, Box, Group, Paper, Stack, Text, Title, Tooltip } from '@mantine/core';
import { IconDeviceMobileShare, IconMaximize, IconSettings } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import type { Prompter } from '@shared/contracts/prompters';
import { PrompterStatusBadge } from '../components/prompter-status-badge';
import type { ReaderController } from './reader-controller';
import { ControlIcon, ManualScroll, PlayButton, ReadingToggles, SpeedControls } from './reader-controls';

export interface EmbeddedReaderProps {
  prompter: Prompter;
  controller: ReaderController;
  onFullScreen: () => void;
  onOpenSettings?: () => void;
  /** The script surface. */
  children: ReactNode;
}

/** The selected view in the 700 px panel (docs/product.md §Screens and routes): header, toolbar, the script. */
export function EmbeddedReader({ prompter, controller, onFullScreen, onOpenSettings, children }: EmbeddedReaderProps) {
  return (
    <Stack gap="xs" h="100%" p="xs" data-testid="prompter-embedded">
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Group gap="xs" miw={0}>
          <Title order={2} size="h4" dir="auto" lineClamp={1}>
            {prompter.name}
          </Title>
          <PrompterStatusBadge status={prompter.status} />
        </Group>
        <Text size="sm" c="dimmed">
          {prompter.isAutoScroll ? 'Auto-scrolling' : 'Manual mode'}
        </Text>
      </Group>
      <Paper withBorder p={6} radius="md">
        <Group gap={6} wrap="wrap" role="toolbar" aria-label="Prompter controls">
          <SpeedControls controller={controller} />
          <PlayButton controller={controller} />
          <ReadingToggles controller={controller} clearLockOnReset={false} />
          <ControlIcon label="Full Screen" onClick={onFullScreen}>
            <IconMaximize size={16} />
          </ControlIcon>
          {onOpenSettings && (
            <ControlIcon label="Settings" onClick={onOpenSettings}>
              <IconSettings size={16} />
            </ControlIcon>
          )}
          <ManualScroll controller={controller} />
          {/* Follower screens: a talent monitor or a phone on the camera opens this link. */}
          <Tooltip label="Open a follower screen (talent monitor, phone)" openDelay={400}>
            <ActionIcon
              size="lg"
              variant="default"
              component="a"
              href={`/prompter/${prompter.id}/follow`}
              target="_blank"
              rel="noopener"
              aria-label="Follower screen"
            >
              <IconDeviceMobileShare size={16} />
            </ActionIcon>
          </Tooltip>
        </Group>
      </Paper>
      <Box style={{ flex: 1, minHeight: 0, borderRadius: 8, overflow: 'hidden' }}>{children}</Box>
    </Stack>
  );
}
