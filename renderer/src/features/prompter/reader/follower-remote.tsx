import { Button, Group, Paper, SimpleGrid, Text } from '@mantine/core';
import { IconMinus, IconPlayerPause, IconPlayerPlay, IconPlayerTrackNext, IconPlayerTrackPrev, IconPlus } from '@tabler/icons-react';
import type { PrompterCommand } from '@shared/contracts/prompters';
import { showToast } from '@/lib/toast';
import { sendRemoteCommand } from './follow-channel';
import type { OperatorState } from './use-follow';

export interface FollowerRemoteProps {
  prompterId: number;
  operator: OperatorState | null;
  canPrevious: boolean;
  canNext: boolean;
}

/**
 * A phone as a remote: big buttons that ask the operator's screen to act. A command is sent now
 * or refused now (no socket: a clear message), never queued to arrive later.
 */
export function FollowerRemote({ prompterId, operator, canPrevious, canNext }: FollowerRemoteProps) {
  const command = (name: PrompterCommand['command']) => {
    if (!sendRemoteCommand(prompterId, name)) showToast('Not sent', 'The live connection is down; try again when Connected', 'red');
  };
  const playing = operator?.playing ?? false;
  return (
    <Paper radius={0} p="sm" bg="dark.7" data-testid="prompter-remote">
      {!operator && (
        <Text size="xs" c="dimmed" mb={6}>
          No operator screen is reading this prompter yet.
        </Text>
      )}
      <SimpleGrid cols={{ base: 3, sm: 5 }} spacing="xs">
        <Button size="lg" variant="default" leftSection={<IconPlayerTrackPrev size={18} />} disabled={!canPrevious} onClick={() => command('previous')}>
          Previous
        </Button>
        <Button size="lg" leftSection={playing ? <IconPlayerPause size={18} /> : <IconPlayerPlay size={18} />} onClick={() => command(playing ? 'pause' : 'play')}>
          {playing ? 'Pause' : 'Play'}
        </Button>
        <Button size="lg" variant="default" rightSection={<IconPlayerTrackNext size={18} />} disabled={!canNext} onClick={() => command('next')}>
          Next
        </Button>
        <Button size="lg" variant="default" aria-label="Slower" onClick={() => command('speed_down')}>
          <IconMinus size={18} />
        </Button>
        <Button size="lg" variant="default" aria-label="Faster" onClick={() => command('speed_up')}>
          <Group gap={4} wrap="nowrap">
            <IconPlus size={18} />
            {operator && <Text size="xs">{operator.speed} ms</Text>}
          </Group>
        </Button>
      </SimpleGrid>
    </Paper>
  );
}
