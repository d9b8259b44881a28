import { Alert, Badge, Button, Group, Modal, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconHistory } from '@tabler/icons-react';
import { useMediaQuery } from '@mantine/hooks';
import type { News } from '@shared/contracts/news';
import { formatDateTime } from '@/lib/news/news-format';
import { PriorityBadge, StatusBadge } from '@/components/news/news-badges';

interface NewsViewDialogProps {
  article: News | null;
  onClose: () => void;
  /** Opens the story's revision history (issue 26). */
  onHistory?: (article: News) => void;
}

function Field({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="sm">{value}</Text>
    </div>
  );
}

/** Read-only view (docs/product.md §Screens and routes): title, subtitle, category, priority, status, content, dates. */
export function NewsViewDialog({ article, onClose, onHistory }: NewsViewDialogProps) {
  const fullScreen = useMediaQuery('(max-width: 36em)');
  return (
    <Modal opened={article !== null} onClose={onClose} title="View News" size="xl" fullScreen={fullScreen}>
      {article && (
        <Stack gap="sm">
          <div>
            <Title order={3} size="h4" dir="auto">
              {article.title}
            </Title>
            {article.subtitle && (
              <Text c="dimmed" dir="auto">
                {article.subtitle}
              </Text>
            )}
          </div>
          <Group gap={6}>
            <StatusBadge status={article.status} />
            <PriorityBadge priority={article.priority} />
            <Badge color="gray" variant="light" size="sm" tt="none">
              {article.category}
            </Badge>
          </Group>
          {article.returnReason && (
            <Alert
              color="orange"
              variant="light"
              title={`${article.returnKind === 'unapproved' ? 'Taken back' : 'Sent back'} by ${article.returnedByName ?? 'an editor'}${article.returnedAt ? ` · ${formatDateTime(article.returnedAt)}` : ''}`}
            >
              <Text size="sm" dir="auto" style={{ whiteSpace: 'pre-wrap' }}>
                {article.returnReason}
              </Text>
            </Alert>
          )}
          <Paper withBorder p="sm" bg="var(--mantine-color-dark-8)">
            <Text size="sm" dir="auto" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {article.content}
            </Text>
          </Paper>
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs">
            <Field
              label="Created"
              value={`${formatDateTime(article.createdAt)}${article.createdByName ? ` · ${article.createdByName}` : ''}`}
            />
            <Field label="Updated" value={formatDateTime(article.updatedAt)} />
            {article.approvedAt && (
              <Field
                label="Approved"
                value={`${formatDateTime(article.approvedAt)} · ${article.approvedByName ?? '—'}`}
              />
            )}
            {article.publishedAt && (
              <Field
                label="Published"
                value={`${formatDateTime(article.publishedAt)} · ${article.publishedByName ?? '—'}`}
              />
            )}
          </SimpleGrid>
          {onHistory && (
            <Group justify="flex-end">
              <Button
                variant="default"
                size="compact-sm"
                leftSection={<IconHistory size={14} />}
                onClick={() => onHistory(article)}
              >
                History
              </Button>
            </Group>
          )}
        </Stack>
      )}
    </Modal>
  );
}
