import { Badge, Box, Button, Group, Paper, Text } from '@mantine/core';
import { IconBroadcast } from '@tabler/icons-react';
import { CRAWLER_FADE_MS } from '@shared/constants';
import { errorMessage } from '@/lib/api-client';
import { cgText, useCgFiles } from '@/lib/api/cg/get-cg-files';
import { useCrawlerContent } from '@/lib/api/crawler/get-crawler-content';
import { splitCrawlerLines } from '../crawler-rotation';
import { useCrawlerRotation } from '../use-crawler-rotation';

/**
 * Room for two lines, so the box keeps its height when a long line follows a short one; and it
 * keeps its own height beside the taller crawler panel instead of stretching to the grid row.
 */
const LINE_BOX = '4.25rem';
const FRAME = { overflow: 'hidden', alignSelf: 'start' } as const;

/** More dots than this stop being readable; a window around the current line is shown. */
const MAX_DOTS = 15;

function dotWindow(index: number, count: number): number[] {
  const size = Math.min(count, MAX_DOTS);
  const start = Math.min(Math.max(0, index - Math.floor(size / 2)), count - size);
  return Array.from({ length: size }, (_, i) => start + i);
}

function Dots({ index, count }: { index: number; count: number }) {
  return (
    <Group gap={4} aria-hidden>
      {dotWindow(index, count).map((i) => (
        <Box
          key={i}
          w={i === index ? 14 : 6}
          h={6}
          style={{
            borderRadius: 3,
            transition: `width ${CRAWLER_FADE_MS}ms`,
            background: i === index ? 'var(--mantine-color-red-6)' : 'var(--mantine-color-dark-3)',
          }}
        />
      ))}
    </Group>
  );
}

/** Loading, error (with Retry) and empty are three different things on the ticker's screen. */
function DisplayPlaceholder({ content }: { content: ReturnType<typeof useCrawlerContent> }) {
  return (
    <Paper withBorder radius="md" p={0} style={FRAME} data-testid="news-crawler-display">
      <Group px="sm" py="xs" bg="black" mih={LINE_BOX} gap="xs" wrap="nowrap">
        {content.isPending ? (
          <Text size="sm" c="dimmed" data-testid="crawler-display-loading">
            Loading…
          </Text>
        ) : content.error && !content.data ? (
          <>
            <Text size="sm" c="red.4" style={{ flex: 1, minWidth: 0 }}>
              Could not load the ticker: {errorMessage(content.error)}
            </Text>
            <Button size="compact-xs" variant="white" color="dark" onClick={() => void content.refetch()}>
              Retry
            </Button>
          </>
        ) : (
          <Text size="sm" c="dimmed">
            No news crawler content available
          </Text>
        )}
      </Group>
    </Paper>
  );
}

/** News crawler display (docs/product.md §Screens and routes, §States): what the ticker shows, one line at a time. */
export function NewsCrawlerDisplay() {
  const content = useCrawlerContent();
  const files = useCgFiles();
  // While take mode holds a crawler in NEXT the list is the staged one: the display shows air.
  const onAir = content.data?.staged ? cgText(files.data, 'news_crawler').split('\n') : content.data?.headlines;
  const lines = splitCrawlerLines(onAir ?? []);
  const { index, fading, secondsLeft } = useCrawlerRotation(lines.length);

  if (content.isPending || (content.error && !content.data) || lines.length === 0)
    return <DisplayPlaceholder content={content} />;

  return (
    <Paper withBorder radius="md" p={0} style={FRAME} data-testid="news-crawler-display">
      <Group gap="sm" wrap="nowrap" px="sm" py="xs" bg="black" mih={LINE_BOX}>
        <Badge color="red" radius="xs" leftSection={<IconBroadcast size={12} />} style={{ flexShrink: 0 }}>
          News
        </Badge>
        <Text
          fw={600}
          size="lg"
          c="white"
          lineClamp={2}
          dir="auto"
          title={lines[index]}
          data-testid="crawler-display-line"
          style={{ flex: 1, minWidth: 0, opacity: fading ? 0 : 1, transition: `opacity ${CRAWLER_FADE_MS}ms ease` }}
        >
          {lines[index]}
        </Text>
      </Group>
      <Group justify="space-between" gap="xs" px="sm" py={6}>
        <Group gap="xs">
          <Badge variant="light" color="gray" size="sm" data-testid="crawler-display-position">
            {index + 1} of {lines.length}
          </Badge>
          <Dots index={index} count={lines.length} />
        </Group>
        <Text size="xs" c="dimmed" data-testid="crawler-display-countdown">
          Next update in {secondsLeft}s
        </Text>
      </Group>
    </Paper>
  );
}
