import { Button, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconNews, IconPlus } from '@tabler/icons-react';

/** No articles at all: the spec's Create First Article, for those who may write. */
export function NewsEmptyState({ canCreate, onCreate }: { canCreate: boolean; onCreate: () => void }) {
  return (
    <Paper withBorder radius="md" p="xl">
      <Stack align="center" gap="xs">
        <ThemeIcon size={48} radius="xl" variant="light" color="gray">
          <IconNews size={26} />
        </ThemeIcon>
        <Text fw={600}>No news articles yet</Text>
        <Text size="sm" c="dimmed" ta="center" maw={420}>
          Articles start as drafts. An editor approves them, then they can be published and sent to air.
        </Text>
        {canCreate && (
          <Button mt="xs" leftSection={<IconPlus size={16} />} onClick={onCreate}>
            Create First Article
          </Button>
        )}
      </Stack>
    </Paper>
  );
}
