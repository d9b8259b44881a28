import { Box, Center, Group, Loader, Text } from '@mantine/core';
import { IconArrowsHorizontal, IconRemoteControl } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { useParams } from 'react-router';
import { useStore } from 'zustand';
import { useLiveStatus } from '@/lib/live';
import { usePrompterContent, usePrompters } from '../api/prompters';
import { FollowerRemote } from '../reader/follower-remote';
import { ControlIcon } from '../reader/reader-controls';
import { ReaderController } from '../reader/reader-controller';
import { ScriptSurface } from '../reader/script-surface';
import { SectionIndicator } from '../reader/section-indicator';
import { useFollow } from '../reader/use-follow';
import classes from './prompter-follow-page.module.css';

const MIRROR_KEY = 'prompter-follow-mirrored';

/**
 * /prompter/:id/follow: a follower screen (a talent monitor, a phone on the camera). It shows the
 * operator's script at the operator's place, with its own mirror setting (kept on this device),
 * and can be a remote: play/pause, speed, previous/next section.
 */
export default function PrompterFollowPage() {
  const id = Number(useParams().id);
  const prompters = usePrompters();
  const prompter = prompters.data?.find((p) => p.id === id);
  const content = usePrompterContent(prompter ? id : null);
  const controller = useMemo(
    () =>
      new ReaderController({ scrollSpeed: 100, isHighContrast: false, enableLiveEditing: false, isAutoScroll: false }),
    [id], // eslint-disable-line react-hooks/exhaustive-deps -- a new prompter is a new reader
  );
  const operator = useFollow(id, controller);
  const connected = useLiveStatus((s) => s.connected);
  const { mirrored, sectionIndex, sectionCount } = useStore(controller.store);
  const [remoteOpen, setRemoteOpen] = useState(false);

  useEffect(() => {
    document.title = prompter ? `${prompter.name} · Follow` : 'Prompter · Follow';
  }, [prompter]);
  useEffect(() => {
    if (localStorage.getItem(MIRROR_KEY) === 'true') controller.toggle('mirrored');
  }, [controller]);
  const toggleMirror = () => {
    controller.toggle('mirrored');
    localStorage.setItem(MIRROR_KEY, String(controller.state.mirrored));
  };

  if (prompters.isPending) {
    return (
      <Center h="100dvh" bg="black">
        <Loader />
      </Center>
    );
  }
  if (!prompter) {
    return (
      <Center h="100dvh" bg="black" c="white">
        <Text>Prompter not found</Text>
      </Center>
    );
  }
  const title = controller.currentSection()?.title;
  return (
    // A screen of its own (no shell): its main landmark and a heading naming the prompter.
    <main className={classes.page} data-testid="prompter-follow">
      <h1 className="visually-hidden">{prompter.name}</h1>
      <Group className={classes.bar} justify="space-between" gap="xs" wrap="nowrap">
        <Group gap="xs" miw={0} wrap="nowrap">
          <span
            className={classes.dot}
            data-connected={connected}
            role="status"
            aria-label={connected ? 'Connected' : 'Disconnected'}
            title={connected ? 'Connected' : 'Disconnected'}
          />
          <Text size="sm" fw={600} dir="auto" truncate data-testid="prompter-follow-reading">
            {operator ? (title ? `Reading: ${title}` : 'Loading...') : 'Waiting for the operator’s screen…'}
          </Text>
        </Group>
        <Group gap={6} wrap="nowrap">
          <SectionIndicator index={sectionIndex} count={sectionCount} compact />
          <ControlIcon label="Mirror" active={mirrored} onClick={toggleMirror}>
            <IconArrowsHorizontal size={16} />
          </ControlIcon>
          <ControlIcon label="Remote" active={remoteOpen} onClick={() => setRemoteOpen((open) => !open)}>
            <IconRemoteControl size={16} />
          </ControlIcon>
        </Group>
      </Group>
      <Box className={classes.script}>
        <ScriptSurface
          controller={controller}
          sections={content.data?.sections}
          appearance={prompter}
          emptyText={content.isPending ? 'Loading...' : 'No content available'}
        />
      </Box>
      {remoteOpen && (
        <FollowerRemote
          prompterId={id}
          operator={operator}
          canPrevious={sectionIndex > 0}
          canNext={sectionIndex < sectionCount - 1}
        />
      )}
    </main>
  );
}
