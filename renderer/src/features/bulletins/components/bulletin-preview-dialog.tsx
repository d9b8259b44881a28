import { ActionIcon, Badge, Group, Modal, Stack, Text, Tooltip } from '@mantine/core';
import { IconBroadcast } from '@tabler/icons-react';
import { formatSeconds, overUnderText } from '@shared/bulletin-running-time';
import type { Bulletin, BulletinItem } from '@shared/contracts/bulletins';
import { EmergencyBar } from '@/features/cg-control/components/emergency-bar';
import { textDirection } from '@/features/news/text-direction';
import { REMOVED_LABEL } from '../bulletin-form-values';
import { formatWhen, STATUS_COLORS } from '../bulletin-format';

interface Props {
  bulletin: Bulletin | null;
  onClose: () => void;
  /** Present when this role may write CG: sends a news item's title (and subtitle) to air. */
  onSendToCg?: (item: BulletinItem) => void;
  sending: boolean;
}

const labelOf = (item: BulletinItem) => (item.type === 'break' ? (item.breakType ?? 'BREAK') : item.type === 'headline' ? 'HEADLINES' : item.articleRemoved ? REMOVED_LABEL : (item.newsTitle ?? REMOVED_LABEL));

/** The Preview dialog: the running order as it will be read, numbered from 1. */
export function BulletinPreviewDialog({ bulletin, onClose, onSendToCg, sending }: Props) {
  const diff = bulletin ? overUnderText(bulletin.plannedSeconds, bulletin.duration) : null;
  return (
    <Modal opened={bulletin !== null} onClose={onClose} title="Bulletin Preview" size="lg">
      {bulletin && diff && (
        <Stack gap="sm">
          {/* This dialog sends to air: the operator sees the emergency before pressing Send. */}
          {onSendToCg && <EmergencyBar endButton={false} />}
          <Group justify="space-between" wrap="wrap">
            <Text fw={600} dir={textDirection(bulletin.title)}>
              {bulletin.title}
            </Text>
            <Badge color={STATUS_COLORS[bulletin.status]}>{bulletin.status}</Badge>
          </Group>
          <Text size="sm" c="dimmed">
            {bulletin.content} · {bulletin.duration} min · {formatWhen(bulletin.scheduledTime)}
          </Text>
          <Text size="sm" c={diff.over ? 'red' : 'dimmed'} fw={diff.over ? 600 : undefined}>
            Running time {formatSeconds(bulletin.plannedSeconds)} ({diff.text})
          </Text>
          <Stack gap={0} data-testid="bulletin-preview-items">
            {bulletin.bulletinItems.map((item, index) => {
              const label = labelOf(item);
              const sendable = item.type === 'news' && !item.articleRemoved && item.newsTitle;
              return (
                <Group key={item.id} gap="xs" wrap="nowrap" py={4} style={{ borderBottom: '1px solid var(--mantine-color-dark-5)' }}>
                  <Text size="xs" c="dimmed" ff="monospace" w={22} ta="right">
                    {index + 1}
                  </Text>
                  <Badge size="xs" variant="light" color={item.type === 'break' ? 'orange' : 'blue'}>
                    {item.type}
                  </Badge>
                  <Text size="sm" dir={textDirection(label)} c={item.articleRemoved ? 'dimmed' : undefined} fs={item.articleRemoved ? 'italic' : undefined} style={{ flex: 1, minWidth: 0 }}>
                    {label}
                  </Text>
                  <Text size="xs" c="dimmed" ff="monospace">
                    {formatSeconds(item.durationSeconds)}
                  </Text>
                  {onSendToCg && sendable && (
                    <Tooltip label="Send to CG">
                      <ActionIcon variant="subtle" size="sm" aria-label={`Send item ${index + 1} to CG`} loading={sending} onClick={() => onSendToCg(item)}>
                        <IconBroadcast size={15} />
                      </ActionIcon>
                    </Tooltip>
                  )}
                </Group>
              );
            })}
          </Stack>
        </Stack>
      )}
    </Modal>
  );
}
