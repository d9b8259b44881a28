import { ActionIcon, Box, Group, Text, Tooltip } from '@mantine/core';
import { useSortable } from '@dnd-kit/sortable';
import { CSS, type Transform } from '@dnd-kit/utilities';
import { IconCheck, IconGripVertical, IconPencil, IconTrash, IconX } from '@tabler/icons-react';
import { useState, type CSSProperties } from 'react';
import { OnAirTextInput, canAir } from '@/components/cg/on-air-text-input';

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

function EditField({
  initial,
  pending,
  onSave,
  onCancel,
}: {
  initial: string;
  pending: boolean;
  onSave: (text: string) => void;
  onCancel: () => void;
}) {
  const [text, setText] = useState(initial);
  const canSave = canAir('news_crawler', text) && !pending;
  const save = () => canSave && onSave(text);
  return (
    <Group gap={4} wrap="nowrap" align="flex-start" style={{ flex: 1, minWidth: 0 }}>
      <Box style={{ flex: 1, minWidth: 0 }}>
        <OnAirTextInput
          type="news_crawler"
          oneLine
          size="xs"
          value={text}
          ariaLabel="Edit headline"
          autoFocus
          onChange={setText}
          onKeyDown={(event) => {
            if (event.key === 'Enter') save();
            if (event.key === 'Escape') onCancel();
          }}
        />
      </Box>
      <ActionIcon
        color="green"
        variant="light"
        aria-label="Save headline"
        disabled={!canSave}
        loading={pending}
        onClick={save}
      >
        <IconCheck size={16} />
      </ActionIcon>
      <ActionIcon color="gray" variant="subtle" aria-label="Cancel edit" onClick={onCancel}>
        <IconX size={16} />
      </ActionIcon>
    </Group>
  );
}

function RowButtons({
  index,
  removeDisabled,
  onEdit,
  onRemove,
}: Pick<HeadlineRowProps, 'index' | 'removeDisabled' | 'onEdit' | 'onRemove'>) {
  return (
    <Group gap={2} wrap="nowrap">
      <Tooltip label="Edit" openDelay={400}>
        <ActionIcon variant="subtle" size="sm" aria-label={`Edit headline ${index + 1}`} onClick={onEdit}>
          <IconPencil size={15} />
        </ActionIcon>
      </Tooltip>
      <Tooltip label="Remove" openDelay={400}>
        <ActionIcon
          variant="subtle"
          color="red"
          size="sm"
          aria-label={`Remove headline ${index + 1}`}
          disabled={removeDisabled}
          onClick={onRemove}
        >
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
    <Group
      ref={setNodeRef}
      style={rowStyle(transform, transition, isDragging)}
      gap={6}
      wrap="nowrap"
      px={6}
      py={4}
      data-testid="crawler-headline-row"
    >
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
        <Text
          size="sm"
          truncate="end"
          title={headline}
          dir="auto"
          style={{ flex: 1, minWidth: 0 }}
          data-testid="crawler-headline-text"
        >
          {headline}
        </Text>
      )}
      {editable && !editing && <RowButtons {...props} />}
    </Group>
  );
}
