import { ActionIcon, Badge, Group, NumberInput, Text } from '@mantine/core';
import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { IconGripVertical, IconTrash } from '@tabler/icons-react';
import { BULLETIN_LIMITS } from '@shared/constants';
import { textDirection } from '@/lib/text-direction';
import type { DraftItem } from '../bulletin-form-values';

interface BulletinItemRowProps {
  item: DraftItem;
  index: number;
  onSeconds: (seconds: number | null) => void;
  onRemove: () => void;
}

/** One row of the running order: handle, number from 1, kind, title, seconds, remove. */
export function BulletinItemRow({ item, index, onSeconds, onRemove }: BulletinItemRowProps) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: item.key,
  });
  const n = index + 1;
  return (
    <Group
      ref={setNodeRef}
      gap={6}
      wrap="nowrap"
      px={6}
      py={4}
      data-testid="bulletin-item-row"
      style={{
        transform: CSS.Transform.toString(transform),
        transition,
        position: 'relative',
        zIndex: isDragging ? 1 : undefined,
        background: isDragging ? 'var(--mantine-color-dark-5)' : undefined,
        borderBottom: '1px solid var(--mantine-color-dark-5)',
      }}
    >
      <ActionIcon
        variant="subtle"
        color="gray"
        size="sm"
        aria-label={`Drag item ${n}`}
        style={{ cursor: 'grab', touchAction: 'none' }}
        {...attributes}
        {...listeners}
        ref={setActivatorNodeRef}
      >
        <IconGripVertical size={16} />
      </ActionIcon>
      <Text
        size="xs"
        c="dimmed"
        ff="monospace"
        w={22}
        ta="right"
        style={{ flexShrink: 0 }}
        data-testid="bulletin-item-number"
      >
        {n}
      </Text>
      <Badge size="xs" variant="light" color={item.type === 'break' ? 'orange' : 'blue'} style={{ flexShrink: 0 }}>
        {item.type}
      </Badge>
      <Text
        size="sm"
        truncate="end"
        title={item.label}
        dir={textDirection(item.label)}
        c={item.removed ? 'dimmed' : undefined}
        fs={item.removed ? 'italic' : undefined}
        style={{ flex: 1, minWidth: 0 }}
        data-testid="bulletin-item-label"
      >
        {item.label}
      </Text>
      <NumberInput
        size="xs"
        w={84}
        min={1}
        max={BULLETIN_LIMITS.itemSeconds}
        allowDecimal={false}
        allowNegative={false}
        placeholder={String(item.estimate)}
        value={item.seconds ?? ''}
        onChange={(v) => onSeconds(typeof v === 'number' && v >= 1 ? v : null)}
        rightSection={
          <Text size="xs" c="dimmed">
            s
          </Text>
        }
        aria-label={`Seconds for item ${n}`}
      />
      <ActionIcon variant="subtle" color="red" size="sm" aria-label={`Remove item ${n}`} onClick={onRemove}>
        <IconTrash size={15} />
      </ActionIcon>
    </Group>
  );
}
