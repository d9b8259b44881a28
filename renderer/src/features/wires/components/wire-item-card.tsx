import { Anchor, Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconExternalLink, IconFilePlus, IconNews } from '@tabler/icons-react';
import type { WireItem } from '@shared/contracts/wires';

interface Props {
  item: WireItem;
  time: (iso: string) => string;
  making: boolean;
  onMakeStory: (item: WireItem) => void;
}

/**
 * One wire item. Title and summary are plain text (the server strips feed HTML; nothing here
 * renders HTML) and take their own direction (dir="auto"): a Thaana feed reads right-to-left.
 */
export function WireItemCard({ item, time, making, onMakeStory }: Props) {
  return (
    <Paper withBorder radius="sm" p="sm" component="article" data-testid={`wire-item-${item.id}`}>
      <Stack gap={4}>
        <Group gap="xs" wrap="wrap">
          <Badge variant="light" color="gray" dir="auto" style={{ textTransform: 'none' }}>
            {item.source}
          </Badge>
          <Text size="xs" c="dimmed" component="time" dateTime={item.publishedAt}>
            {time(item.publishedAt)}
          </Text>
          {item.newsId !== null && (
            <Badge color="teal" variant="light" leftSection={<IconNews size={12} />}>
              Story made
            </Badge>
          )}
        </Group>
        <Text fw={600} dir="auto" style={{ overflowWrap: 'anywhere' }}>
          {item.title}
        </Text>
        {item.summary && (
          <Text size="sm" dir="auto" lineClamp={4} style={{ overflowWrap: 'anywhere' }}>
            {item.summary}
          </Text>
        )}
        <Group justify="space-between" gap="xs" mt={4} wrap="wrap">
          {item.link ? (
            <Anchor href={item.link} target="_blank" rel="noopener noreferrer" size="sm">
              <Group gap={4} component="span" wrap="nowrap">
                Open source <IconExternalLink size={14} />
              </Group>
            </Anchor>
          ) : (
            <span />
          )}
          <Button size="xs" leftSection={<IconFilePlus size={14} />} loading={making} onClick={() => onMakeStory(item)}>
            {item.newsId !== null ? 'Open story' : 'Make a story'}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
