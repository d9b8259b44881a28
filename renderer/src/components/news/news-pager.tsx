import { Button, Group, Text } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';

interface NewsPagerProps {
  page: number;
  lastPage: number;
  onPage: (page: number) => void;
}

/** The one page counter shared by the three lists (docs/product.md §Screens and routes). */
export function NewsPager({ page, lastPage, onPage }: NewsPagerProps) {
  return (
    <Group justify="center" gap="sm">
      <Button
        variant="default"
        size="xs"
        leftSection={<IconChevronLeft size={14} />}
        disabled={page <= 1}
        onClick={() => onPage(page - 1)}
      >
        Previous
      </Button>
      <Text size="sm" c="dimmed" data-testid="news-page-counter">
        Page {page} of {lastPage}
      </Text>
      <Button
        variant="default"
        size="xs"
        rightSection={<IconChevronRight size={14} />}
        disabled={page >= lastPage}
        onClick={() => onPage(page + 1)}
      >
        Next
      </Button>
    </Group>
  );
}
