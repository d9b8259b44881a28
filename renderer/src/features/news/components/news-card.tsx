import { ActionIcon, Badge, Button, Group, Paper, Stack, Text, Tooltip } from '@mantine/core';
import {
  IconArrowBackUp,
  IconCheck,
  IconDeviceTv,
  IconEye,
  IconHandFinger,
  IconPencil,
  IconSend,
  IconTrash,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import type { News, NewsReturnKind } from '@shared/contracts/news';
import { formatDateTime } from '@/lib/news/news-format';
import type { NewsAction } from '../news-permissions';
import { PriorityBadge } from '@/components/news/news-badges';
import { NewsTitleLines } from '@/components/news/news-title-lines';
import { EditingBadge } from '@/components/editing-indicators';

export interface NewsCardHandlers {
  onView: (article: News) => void;
  onEdit: (article: News) => void;
  onApprove: (article: News) => void;
  /** Issue 39: the writer submits a draft for approval. */
  onSubmit: (article: News) => void;
  onPublish: (article: News) => void;
  onDelete: (article: News) => void;
  /** Reject a draft / unapprove an approved story, with a reason (issue 26). */
  onSendBack: (article: News, kind: NewsReturnKind) => void;
  /** Absent for roles without cg.write: they get no Add to CG Display button. */
  onAddToCg?: (article: News) => void;
}

interface NewsCardProps extends NewsCardHandlers {
  article: News;
  actions: readonly NewsAction[];
  busy: boolean;
  /** Issue 39: a second person approves and this is the viewer's own draft — say who may. */
  awaitsSecondApprover?: boolean;
}

/** Who moved the article along, and when: the desk's audit trail at a glance. */
function Trail({ article }: { article: News }) {
  const steps = [
    { verb: 'Created', name: article.createdByName, at: article.createdAt },
    // Issue 39: asked for approval (shown while it waits; a send-back clears it).
    {
      verb: 'Submitted for approval',
      name: article.status === 'draft' ? article.submittedByName : null,
      at: article.status === 'draft' ? article.submittedAt : null,
    },
    { verb: 'Approved', name: article.approvedByName, at: article.approvedAt },
    { verb: 'Published', name: article.publishedByName, at: article.publishedAt },
  ].filter((step) => step.at);
  return (
    <Stack gap={0}>
      {steps.map((step) => (
        <Text key={step.verb} size="xs" c="dimmed">
          {step.verb} {formatDateTime(step.at)}
          {step.name && (
            <>
              {' by '}
              <Text span inherit c="gray.4">
                {step.name}
              </Text>
            </>
          )}
        </Text>
      ))}
    </Stack>
  );
}

function IconButtons({ article, actions, busy, onView, onEdit, onDelete, onAddToCg }: NewsCardProps) {
  const icon = (label: string, color: string | undefined, onClick: () => void, node: ReactNode) => (
    <Tooltip label={label}>
      <ActionIcon
        variant="subtle"
        color={color}
        aria-label={label}
        onClick={onClick}
        disabled={busy && label === 'Delete'}
      >
        {node}
      </ActionIcon>
    </Tooltip>
  );
  return (
    <Group gap={2} wrap="nowrap">
      {icon('View', 'gray', () => onView(article), <IconEye size={16} />)}
      {onAddToCg && icon('Add to CG Display', 'grape', () => onAddToCg(article), <IconDeviceTv size={16} />)}
      {actions.includes('edit') && icon('Edit', undefined, () => onEdit(article), <IconPencil size={16} />)}
      {actions.includes('delete') && icon('Delete', 'red', () => onDelete(article), <IconTrash size={16} />)}
    </Group>
  );
}

/** One article in a status list: text, badges, trail, and the actions its status and role allow. */
/** Why an editor sent the story back: the writer reads it on the story itself. */
function ReturnedLine({ article }: { article: News }) {
  if (!article.returnReason) return null;
  const verb = article.returnKind === 'unapproved' ? 'Taken back' : 'Sent back';
  return (
    <Text size="xs" c="orange.3" dir="auto" data-testid="news-returned" style={{ overflowWrap: 'anywhere' }}>
      {verb}
      {article.returnedByName ? ` by ${article.returnedByName}` : ''}: {article.returnReason}
    </Text>
  );
}

export function NewsCard(props: NewsCardProps) {
  const { article, actions, busy, onApprove, onSubmit, onPublish, onSendBack, awaitsSecondApprover } = props;
  return (
    <Paper withBorder p="xs" radius="sm" data-testid={`news-row-${article.id}`} bg="var(--mantine-color-dark-6)">
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
        <Stack gap={2} miw={0} style={{ flex: 1 }}>
          <NewsTitleLines article={article} />
        </Stack>
        <IconButtons {...props} />
      </Group>
      <Group justify="space-between" align="flex-end" mt={6} gap="xs">
        <Stack gap={4}>
          <Group gap={4}>
            <PriorityBadge priority={article.priority} />
            <Badge color="gray" variant="light" size="sm" tt="none" dir="auto">
              {article.category}
            </Badge>
            <EditingBadge kind="news" id={article.id} />
          </Group>
          <Trail article={article} />
          <ReturnedLine article={article} />
          {awaitsSecondApprover && (
            <Text size="xs" c="dimmed" data-testid="news-second-approver">
              A second person approves: another editor approves your story.
            </Text>
          )}
        </Stack>
        <Group gap={4} wrap="nowrap">
          {actions.includes('send_back') && (
            <Button
              size="compact-sm"
              variant="light"
              color="orange"
              leftSection={<IconArrowBackUp size={14} />}
              disabled={busy}
              onClick={() => onSendBack(article, 'rejected')}
            >
              Send back
            </Button>
          )}
          {actions.includes('take_back') && (
            <Button
              size="compact-sm"
              variant="light"
              color="orange"
              leftSection={<IconArrowBackUp size={14} />}
              disabled={busy}
              onClick={() => onSendBack(article, 'unapproved')}
            >
              Take back
            </Button>
          )}
          {actions.includes('submit') && (
            <Button
              size="compact-sm"
              variant="light"
              color="teal"
              leftSection={<IconHandFinger size={14} />}
              loading={busy}
              onClick={() => onSubmit(article)}
            >
              Submit for approval
            </Button>
          )}
          {actions.includes('approve') && (
            <Button
              size="compact-sm"
              color="teal"
              leftSection={<IconCheck size={14} />}
              loading={busy}
              onClick={() => onApprove(article)}
            >
              Approve
            </Button>
          )}
          {actions.includes('publish') && (
            <Button
              size="compact-sm"
              color="green"
              leftSection={<IconSend size={14} />}
              loading={busy}
              onClick={() => onPublish(article)}
            >
              Publish
            </Button>
          )}
        </Group>
      </Group>
    </Paper>
  );
}
