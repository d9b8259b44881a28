import { Badge, Box, Button, Group, Popover, Stack, Text } from '@mantine/core';
import { IconList } from '@tabler/icons-react';
import { useState } from 'react';
import type { PreviewItem } from '../preview-items';

interface NewsPickerProps {
  items: readonly PreviewItem[];
  index: number;
  disabled: boolean;
  onJump: (index: number) => void;
}

/** The News button: every item of the current list with a Jump button (max height 16rem). */
export function NewsPicker({ items, index, disabled, onJump }: NewsPickerProps) {
  const [opened, setOpened] = useState(false);
  return (
    <Popover opened={opened} onChange={setOpened} width={340} position="bottom-start" shadow="md" withinPortal>
      <Popover.Target>
        <Button
          variant="default"
          size="xs"
          leftSection={<IconList size={14} />}
          onClick={() => setOpened((o) => !o)}
          disabled={items.length === 0}
        >
          News
        </Button>
      </Popover.Target>
      <Popover.Dropdown p={4} data-testid="cg-news-picker">
        {/* A plain scroller: ScrollArea's table layout let long titles push the Jump buttons out. */}
        <Box mah="16rem" style={{ overflowY: 'auto' }}>
          <Stack gap={2}>
            {items.map((item, i) => (
              <Group
                key={item.key}
                gap="xs"
                wrap="nowrap"
                px={6}
                py={4}
                bg={i === index ? 'dark.5' : undefined}
                style={{ borderRadius: 4 }}
              >
                <Text size="xs" c="dimmed" w={18} ta="right">
                  {i + 1}
                </Text>
                <Text size="sm" dir="auto" style={{ flex: 1, minWidth: 0 }} truncate title={item.title}>
                  {item.title}
                </Text>
                {item.kind !== 'news' && (
                  <Badge size="xs" color="gray" style={{ flex: 'none' }}>
                    {item.kind}
                  </Badge>
                )}
                <Button
                  style={{ flex: 'none' }}
                  size="compact-xs"
                  disabled={disabled}
                  aria-label={`Jump to ${item.title}`}
                  onClick={() => {
                    onJump(i);
                    setOpened(false);
                  }}
                >
                  Jump
                </Button>
              </Group>
            ))}
          </Stack>
        </Box>
      </Popover.Dropdown>
    </Popover>
  );
}
