import { ActionIcon, Group, Text, TextInput, Tooltip } from '@mantine/core';
import { useSortable } from '@dnd-kit/sortable';
import { CSS, type Transform } from '@dnd-kit/utilities';
import { IconCheck, IconGripVertical, IconPencil, IconTrash, IconX } from '@tabler/icons-react';
import { useState, type CSSProperties } from 'react';
import { CRAWLER_HEADLINE_MAX } from '@shared/constants';
// Mantine puts an input's dir on its wrapper, where "auto" sees no text: compute it instead.
import { textDirection } from '@/features/news/text-direction';

export interface HeadlineRowProps {
  id: string;
  index: number;
  headline: string;
  editable: boolean;
  editing: boolean;
  dragDisabled: boolean;
  removeDisabled: boolean;
  savePending: boolean;
  onEdit: () => void;
  onCancelEdit: () => void;
  onSave: (text: string) => void;
  onRemove: () => void;
}

function EditField({ initial, pending, onSave, onCancel }: { initial: string; pending: boolean; onSave: (text: string) => void; onCancel: () => void }) {
  const [text, setText] = useState(initial);
  const canSave = text.trim().length > 0 && !pending;
  const save = () => canSave && onSave(text);
  return (
    <Group gap={4} wrap="nowrap" style={{ flex: 1, minWidth: 0 }}>
      <TextInput
        size="xs"
        style={{ flex: 1, minWidth: 0 }}
        value={text}
        dir={textDirection(text)}
        maxLength={CRAWLER_HEADLINE_MAX}
        aria-label="Edit headline"
        autoFocus
        onChange={(event) => setText(event.currentTarget.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') save();
          if (event.key === 'Escape') onCancel();
        }}
      />
      <ActionIcon color="green" variant="light" aria-label="Save headline" disabled={!canSave} loading={pending} onClick={save}>
        <IconCheck size={16} />
      </ActionIcon>
      <ActionIcon color="gray" variant="subtle" aria-label="Cancel edit" onClick={onCancel}>
        <IconX size={16} />
      </ActionIcon>
    </Group>
  );
}

function RowButtons({ index, removeDisabled, onEdit, onRemove }: Pick<HeadlineRowProps, 'index' | 'removeDisabled' | 'onEdit' | 'onRemove'>) {
  return (
    <Group gap={2} wrap="nowrap">
      <Tooltip label="Edit" openDelay={400}>
        <ActionIcon variant="subtle" size="sm" aria-label={`Edit headline ${index + 1}`} onClick={onEdit}>
          <IconPencil size={15} />
        </ActionIcon>
      </Tooltip>
      <Tooltip label="Remove" openDelay={400}>
        <ActionIcon variant="subtle" color="red" size="sm" aria-label={`Remove headline ${index + 1}`} disabled={removeDisabled} onClick={onRemove}>
          <IconTrash size={15} />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}

function rowStyle(transform: Transform | null, transition: string | undefined, isDragging: boolean): CSSProperties {
  return {
    transform: CSS.Transform.toString(transform),
    transition,
    position: 'relative',
    zIndex: isDragging ? 1 : undefined,
    background: isDragging ? 'var(--mantine-color-dark-5)' : undefined,
    boxShadow: isDragging ? 'var(--mantine-shadow-md)' : undefined,
    borderBottom: '1px solid var(--mantine-color-dark-5)',
  };
}

/** One crawler line: handle, number, truncated text (full text on hover), edit and remove. */
export function HeadlineRow(props: HeadlineRowProps) {
  const { id, index, headline, editable, editing, dragDisabled } = props;
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id,
    disabled: !editable || dragDisabled,
  });

  return (
    <Group ref={setNodeRef} style={rowStyle(transform, transition, isDragging)} gap={6} wrap="nowrap" px={6} py={4} data-testid="crawler-headline-row">
      {editable && (
        <ActionIcon
          variant="subtle"
          color="gray"
          size="sm"
          aria-label={`Drag headline ${index + 1}`}
          style={{ cursor: dragDisabled ? 'not-allowed' : 'grab', touchAction: 'none' }}
          {...attributes}
          {...listeners}
          ref={setActivatorNodeRef}
        >
          <IconGripVertical size={16} />
        </ActionIcon>
      )}
      <Text size="xs" c="dimmed" ff="monospace" w={24} ta="right" style={{ flexShrink: 0 }}>
        {index + 1}
      </Text>
      {editing ? (
        <EditField initial={headline} pending={props.savePending} onSave={props.onSave} onCancel={props.onCancelEdit} />
      ) : (
        <Text size="sm" truncate="end" title={headline} dir="auto" style={{ flex: 1, minWidth: 0 }} data-testid="crawler-headline-text">
          {headline}
        </Text>
      )}
      {editable && !editing && <RowButtons {...props} />}
    </Group>
  );
}
