import { Box, Stack } from '@mantine/core';
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
import { useState } from 'react';
import { headlineIds, moveHeadline, resolveHeadlineIndex } from '../headline-ids';
import type { CrawlerActions } from '../use-crawler-actions';
import { dragAnnouncements } from './drag-announcements';
import { HeadlineRow } from './headline-row';

/** Rows only move up and down: a sideways wobble while dragging reads as a bug on air. */
const verticalOnly: Modifier = ({ transform }) => ({ ...transform, x: 0 });

interface HeadlineListProps {
  headlines: string[];
  editable: boolean;
  actions: CrawlerActions;
}

/** Editing is by index and by the text it started from, in case the row moves meanwhile. */
interface EditTarget {
  index: number;
  original: string;
}

function useHeadlineSensors() {
  // A few pixels before a drag starts, so a click on the handle never reorders by accident.
  return useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
}

/** 'Current Headlines' (docs/product.md §Screens and routes): sortable by drag or keyboard, one row in edit mode. */
export function HeadlineList({ headlines, editable, actions }: HeadlineListProps) {
  const [editing, setEditing] = useState<EditTarget | null>(null);
  const sensors = useHeadlineSensors();
  const ids = headlineIds(headlines);
  // The edit row follows its headline if the list changes meanwhile, and ends if it is gone.
  const editIndex = editing ? resolveHeadlineIndex(headlines, editing.index, editing.original) : -1;

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over) return; // Dropped outside the list: nothing happens (docs/product.md §States).
    const moved = moveHeadline(headlines, ids.indexOf(String(active.id)), ids.indexOf(String(over.id)));
    if (moved) actions.reorder(moved, headlines);
  };

  const rows = headlines.map((headline, index) => (
    <HeadlineRow
      key={ids[index] ?? index}
      id={ids[index] ?? String(index)}
      index={index}
      headline={headline}
      editable={editable}
      editing={editIndex === index}
      dragDisabled={actions.pending.reorder || editIndex >= 0}
      removeDisabled={actions.pending.remove}
      savePending={actions.pending.edit}
      onEdit={() => setEditing({ index, original: headline })}
      onCancelEdit={() => setEditing(null)}
      onSave={(text) => editing && actions.edit(editing.index, editing.original, text, () => setEditing(null))}
      onRemove={() => actions.remove(index, headline)}
    />
  ));

  return (
    <Box mah="15rem" style={{ overflowY: 'auto' }} data-testid="crawler-headline-list">
      <DndContext
        sensors={sensors}
        collisionDetection={closestCenter}
        modifiers={[verticalOnly]}
        accessibility={{ announcements: dragAnnouncements(ids) }}
        onDragEnd={onDragEnd}
      >
        <SortableContext items={ids} strategy={verticalListSortingStrategy}>
          <Stack gap={0}>{rows}</Stack>
        </SortableContext>
      </DndContext>
    </Box>
  );
}
