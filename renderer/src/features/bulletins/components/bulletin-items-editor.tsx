import { Box, Button, Group, Select, Stack, Text } from '@mantine/core';
import {
  DndContext,
  KeyboardSensor,
  PointerSensor,
  closestCenter,
  useSensor,
  useSensors,
  type DragEndEvent,
  type Modifier,
} from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { formatSeconds, overUnderText } from '@shared/bulletin-running-time';
import { BULLETIN_BREAK_TYPES } from '@shared/constants';
import { useApprovedNews } from '@/lib/api/news/get-approved-news';
import { breakItem, moveItem, newsItem, plannedSeconds, type BreakType, type DraftItem } from '../bulletin-form-values';
import { BulletinItemRow } from './bulletin-item-row';

const verticalOnly: Modifier = ({ transform }) => ({ ...transform, x: 0 });

interface Props {
  items: DraftItem[];
  slotMinutes: number;
  error?: string;
  onChange: (items: DraftItem[]) => void;
}

function announcements(items: readonly DraftItem[]) {
  const position = (id: string | number) => items.findIndex((i) => i.key === id) + 1;
  const of = `of ${items.length}`;
  return {
    onDragStart: ({ active }: { active: { id: string | number } }) => `Picked up item ${position(active.id)} ${of}.`,
    onDragOver: ({ over }: { over: { id: string | number } | null }) =>
      over ? `Item is now at position ${position(over.id)} ${of}.` : 'Item is outside the list.',
    onDragEnd: ({ over }: { over: { id: string | number } | null }) =>
      over ? `Item dropped at position ${position(over.id)} ${of}.` : 'Item dropped back in place.',
    onDragCancel: ({ active }: { active: { id: string | number } }) =>
      `Moving cancelled. Item ${position(active.id)} stays where it was.`,
  };
}

/** Running order: add approved news or breaks, drag (or keyboard) to reorder, running time vs slot. */
export function BulletinItemsEditor({ items, slotMinutes, error, onChange }: Props) {
  const approved = useApprovedNews();
  const [newsId, setNewsId] = useState<string | null>(null);
  const [breakType, setBreakType] = useState<string | null>(null);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const planned = plannedSeconds(items);
  const diff = overUnderText(planned, slotMinutes);

  const addNews = () => {
    const article = approved.data?.find((n) => String(n.id) === newsId);
    if (!article) return;
    onChange([...items, newsItem(article)]);
    setNewsId(null);
  };
  const addBreak = () => {
    if (!breakType) return;
    onChange([...items, breakItem(breakType as BreakType)]);
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over) return;
    const moved = moveItem(
      items,
      items.findIndex((i) => i.key === active.id),
      items.findIndex((i) => i.key === over.id),
    );
    if (moved) onChange(moved);
  };
  const newsOptions = (approved.data ?? []).map((n) => ({ value: String(n.id), label: n.title }));

  return (
    <Stack gap={6}>
      <Group justify="space-between" align="baseline">
        <Text size="sm" fw={500}>
          Items
        </Text>
        <Text
          size="sm"
          c={diff.over ? 'red' : 'dimmed'}
          fw={diff.over ? 600 : undefined}
          data-testid="bulletin-running-time"
        >
          Running time {formatSeconds(planned)} / {slotMinutes > 0 ? `${slotMinutes}:00` : '—'} ({diff.text})
        </Text>
      </Group>
      <Group gap={6} align="flex-end" wrap="wrap">
        <Select
          aria-label="Approved news"
          placeholder={approved.isPending ? 'Loading news…' : 'Add approved news'}
          data={newsOptions}
          value={newsId}
          onChange={setNewsId}
          searchable
          nothingFoundMessage="No approved news"
          style={{ flex: '1 1 14rem' }}
        />
        <Button variant="light" leftSection={<IconPlus size={14} />} onClick={addNews} disabled={!newsId}>
          Add news
        </Button>
        <Select
          aria-label="Break type"
          placeholder="Break type"
          data={[...BULLETIN_BREAK_TYPES]}
          value={breakType}
          onChange={setBreakType}
          w={170}
        />
        <Button
          variant="light"
          color="orange"
          leftSection={<IconPlus size={14} />}
          onClick={addBreak}
          disabled={!breakType}
        >
          Add break
        </Button>
      </Group>
      <Box
        style={{ border: '1px solid var(--mantine-color-dark-4)', borderRadius: 6 }}
        mah="18rem"
        data-testid="bulletin-items"
      >
        {items.length === 0 ? (
          <Text size="sm" c="dimmed" p="sm">
            No items yet: add approved news or a break.
          </Text>
        ) : (
          <Box style={{ overflowY: 'auto', maxHeight: '18rem' }}>
            <DndContext
              sensors={sensors}
              collisionDetection={closestCenter}
              modifiers={[verticalOnly]}
              accessibility={{ announcements: announcements(items) }}
              onDragEnd={onDragEnd}
            >
              <SortableContext items={items.map((i) => i.key)} strategy={verticalListSortingStrategy}>
                {items.map((item, index) => (
                  <BulletinItemRow
                    key={item.key}
                    item={item}
                    index={index}
                    onSeconds={(seconds) => onChange(items.map((i) => (i.key === item.key ? { ...i, seconds } : i)))}
                    onRemove={() => onChange(items.filter((i) => i.key !== item.key))}
                  />
                ))}
              </SortableContext>
            </DndContext>
          </Box>
        )}
      </Box>
      {error && (
        <Text size="xs" c="red" role="alert">
          {error}
        </Text>
      )}
    </Stack>
  );
}
