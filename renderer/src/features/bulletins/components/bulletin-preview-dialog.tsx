import { ActionIcon, Badge, Box, Group, Modal, Stack, Text, Tooltip } from '@mantine/core';
import { IconBroadcast } from '@tabler/icons-react';
import { backTime } from '@shared/bulletin-back-timing';
import { formatSeconds, overUnderText } from '@shared/bulletin-running-time';
import type { Bulletin, BulletinItem } from '@shared/contracts/bulletins';
import { EmergencyBar } from '@/components/cg/emergency-bar';
import { textDirection } from '@/lib/text-direction';
import { REMOVED_LABEL } from '../bulletin-form-values';
import { formatWhen, STATUS_COLORS } from '../bulletin-format';

interface Props {
  bulletin: Bulletin | null;
  onClose: () => void;
  /** Present when this role may write CG: sends a news item's title (and subtitle) to air. */
  onSendToCg?: (item: BulletinItem) => void;
  sending: boolean;
}

/** Room for "21:00:00" / "+12:30" in the time columns. */
const TIME_W = 62;
const SEND_W = 22;

const labelOf = (item: BulletinItem) =>
  item.type === 'break'
    ? (item.breakType ?? 'BREAK')
    : item.type === 'headline'
      ? 'HEADLINES'
      : item.articleRemoved
        ? REMOVED_LABEL
        : (item.newsTitle ?? REMOVED_LABEL);

/** The Preview dialog: the running order as it will be read, numbered from 1. */
export function BulletinPreviewDialog({ bulletin, onClose, onSendToCg, sending }: Props) {
  const diff = bulletin ? overUnderText(bulletin.plannedSeconds, bulletin.duration) : null;
  // Issue 39: each item's on-air time from the broadcast time, and its back-time from the slot's end.
  const timing = bulletin
    ? backTime(
        bulletin.broadcastTime,
        bulletin.bulletinItems.map((i) => i.durationSeconds),
        bulletin.duration,
      )
    : null;
  return (
    <Modal opened={bulletin !== null} onClose={onClose} title="Bulletin Preview" size="lg">
      {bulletin && diff && timing && (
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
          <Text size="sm" c={diff.over ? 'red' : undefined} data-testid="bulletin-preview-timing">
            {timing.clock
              ? `On air ${timing.items[0]?.onAir ?? timing.ends} · ends ${timing.ends} · slot ends ${timing.slotEnds}`
              : `Broadcast time "${bulletin.broadcastTime}" is not a clock time: times count from the start (ends ${timing.ends}, slot ${timing.slotEnds})`}
          </Text>
          {/* Times sit in fixed columns at the right; on a phone they wrap under the item's name. */}
          <Group gap="xs" justify="flex-end" wrap="nowrap">
            <Text
              size="xs"
              c="dimmed"
              w={TIME_W}
              ta="right"
              title="When the item goes to air, from the broadcast time and the durations before it"
            >
              On air
            </Text>
            <Text
              size="xs"
              c="dimmed"
              w={TIME_W}
              ta="right"
              title="The latest the item may start for the bulletin to end with its slot"
            >
              Back-time
            </Text>
            <Text size="xs" c="dimmed" w={36} ta="right">
              Dur.
            </Text>
            {onSendToCg && <Box w={SEND_W} />}
          </Group>
          <Stack gap={0} data-testid="bulletin-preview-items">
            {bulletin.bulletinItems.map((item, index) => {
              const label = labelOf(item);
              const sendable = item.type === 'news' && !item.articleRemoved && item.newsTitle;
              const times = timing.items[index];
              return (
                <Group
                  key={item.id}
                  gap="xs"
                  wrap="wrap"
                  py={4}
                  style={{ borderBottom: '1px solid var(--mantine-color-dark-5)' }}
                  data-testid="bulletin-preview-item"
                >
                  <Group gap="xs" wrap="nowrap" style={{ flex: '1 1 180px', minWidth: 0 }}>
                    <Text size="xs" c="dimmed" ff="monospace" w={22} ta="right" style={{ flexShrink: 0 }}>
                      {index + 1}
                    </Text>
                    <Badge
                      size="xs"
                      variant="light"
                      color={item.type === 'break' ? 'orange' : 'blue'}
                      style={{ flexShrink: 0 }}
                    >
                      {item.type}
                    </Badge>
                    <Text
                      size="sm"
                      dir={textDirection(label)}
                      c={item.articleRemoved ? 'dimmed' : undefined}
                      fs={item.articleRemoved ? 'italic' : undefined}
                      style={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}
                    >
                      {label}
                    </Text>
                  </Group>
                  <Group gap="xs" wrap="nowrap" ml="auto">
                    <Text size="xs" ff="monospace" w={TIME_W} ta="right" data-testid="item-on-air">
                      {times?.onAir}
                    </Text>
                    <Text
                      size="xs"
                      ff="monospace"
                      w={TIME_W}
                      ta="right"
                      c={diff.over ? 'red.4' : 'dimmed'}
                      data-testid="item-back-time"
                    >
                      {times?.backTime}
                    </Text>
                    <Text size="xs" c="dimmed" ff="monospace" w={36} ta="right">
                      {formatSeconds(item.durationSeconds)}
                    </Text>
                    {onSendToCg &&
                      (sendable ? (
                        <Tooltip label="Send to CG">
                          <ActionIcon
                            variant="subtle"
                            size="sm"
                            w={SEND_W}
                            aria-label={`Send item ${index + 1} to CG`}
                            loading={sending}
                            onClick={() => onSendToCg(item)}
                          >
                            <IconBroadcast size={15} />
                          </ActionIcon>
                        </Tooltip>
                      ) : (
                        <Box w={SEND_W} />
                      ))}
                  </Group>
                </Group>
              );
            })}
          </Stack>
        </Stack>
      )}
    </Modal>
  );
}
