import { Button, Paper, SimpleGrid, Text } from '@mantine/core';
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
    if (!sendRemoteCommand(prompterId, name))
      showToast('Not sent', 'The live connection is down; try again when Connected', 'red');
  };
  const playing = operator?.playing ?? false;
  return (
    <Paper radius={0} p="sm" bg="dark.7" data-testid="prompter-remote">
      <Text size="xs" c="dimmed" mb={6} ta="center">
        {operator
          ? `Read by ${operator.reader} · speed ${operator.speed} ms`
          : 'No operator screen is reading this prompter.'}
      </Text>
      <SimpleGrid cols={3} spacing="xs">
        <Button size="md" px={4} variant="default" disabled={!canPrevious} onClick={() => command('previous')}>
          Previous
        </Button>
        <Button size="md" px={4} onClick={() => command(playing ? 'pause' : 'play')}>
          {playing ? 'Pause' : 'Play'}
        </Button>
        <Button size="md" px={4} variant="default" disabled={!canNext} onClick={() => command('next')}>
          Next
        </Button>
        <Button size="md" px={4} variant="default" onClick={() => command('speed_down')}>
          Slower
        </Button>
        <span />
        <Button size="md" px={4} variant="default" onClick={() => command('speed_up')}>
          Faster
        </Button>
      </SimpleGrid>
    </Paper>
  );
}
